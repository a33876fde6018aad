-- A car: a chassis with two wheels on hinges; the rear hinge has a motor.
-- Arrow keys set the motor speed (headless: it drives right on its own).
local measure = require("measure")
scene { title = "Car: left/right to drive", camera = {6, 1, 16} }
box { x = 10, y = -0.5, w = 60, h = 1, static = true, friction = 0.9, color = "#557755" }
polygon { x = 8, y = 0, points = {{-2, 0}, {2, 0}, {2, 0.6}}, static = true, color = "#777777" }
polygon { x = 16, y = 0, points = {{-3, 0}, {3, 0}, {-3, 0.9}}, static = true, color = "#777777" }
local chassis = box { x = 0, y = 1.2, w = 2.4, h = 0.4, density = 2, name = "chassis", color = "#cc4444" }
local cab = box { x = 0.1, y = 1.6, w = 1.2, h = 0.4, density = 1, color = "#cc4444" }
local rear = circle { x = -0.8, y = 0.6, r = 0.4, density = 1, friction = 1.2, name = "rear" }
local front = circle { x = 0.8, y = 0.6, r = 0.4, density = 1, friction = 1.2, name = "front" }
-- The cab is welded to the chassis (one rigid car body).
weld { a = chassis, b = cab, at = {0.1, 1.4} }
local motor = hinge { a = chassis, b = rear, at = {-0.8, 0.6}, motor = {-12, 60} }
hinge { a = chassis, b = front, at = {0.8, 0.6} }
function update(dt)
  if key_down("left") then motor.motor_speed = 12
  elseif key_down("right") then motor.motor_speed = -12
  end
end
world:step(300)
measure.report("distance_driven", chassis.x, "m in 5 s")
