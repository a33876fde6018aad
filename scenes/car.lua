-- A car: a chassis with two wheels on wheel joints (sprung along the
-- chassis' vertical axis, free to turn); the rear wheel has a motor. The
-- suspension soaks up the two ramps. Arrow keys set the motor speed
-- (headless: it drives right on its own).
local measure = require("measure")
scene { title = "Car: left/right to drive", about = "wheel joints: suspension springs and a motor",
        camera = {6, 1, 16} }
box { x = 40, y = -0.5, w = 120, h = 1, static = true, friction = 0.9, color = "#557755" }
polygon { x = 8, y = 0, points = {{-2, 0}, {2, 0}, {2, 0.6}}, static = true, color = "#777777" }
polygon { x = 16, y = 0, points = {{-3, 0}, {3, 0}, {3, 0.9}}, static = true, color = "#777777" }
-- Bumps the suspension soaks up.
for i = 0, 9 do
  polygon { x = 26 + i * 2.5, y = 0, points = {{-0.6, 0}, {0.6, 0}, {0, 0.18}}, static = true, color = "#777777" }
end
local chassis = box { x = 0, y = 1.2, w = 2.4, h = 0.4, density = 2, name = "chassis", color = "#cc4444" }
local cab = box { x = 0.1, y = 1.6, w = 1.2, h = 0.4, density = 1, color = "#cc4444" }
local rear = circle { x = -0.8, y = 0.6, r = 0.4, density = 1, friction = 1.2, name = "rear", color = "#333333" }
local front = circle { x = 0.8, y = 0.6, r = 0.4, density = 1, friction = 1.2, name = "front", color = "#333333" }
-- The cab is welded to the chassis (one rigid car body).
weld { a = chassis, b = cab, at = {0.1, 1.4} }
-- Suspension: the car (2.4 kg of chassis and cab) sinks (2.4·9.81/2)/k =
-- 2.4 cm onto each spring, damped to settle in about a bounce; the travel
-- is limited to 15 cm either way.
local suspension = { axis = {0, 1}, k = 500, damping = 25, limits = {-0.15, 0.15} }
local function wheel_at(body, x, motor)
  return wheel { a = chassis, b = body, at = {x, 0.6}, axis = suspension.axis, k = suspension.k,
                 damping = suspension.damping, limits = suspension.limits, motor = motor }
end
local motor = wheel_at(rear, -0.8, {-12, 60})
wheel_at(front, 0.8)
-- The view follows the car (pan or zoom with the mouse; F follows again).
camera:follow(chassis, { smooth = 0.85, offset = {3, 1} })
function update(dt)
  if key_down("left") then motor.motor_speed = 12
  elseif key_down("right") then motor.motor_speed = -12
  end
end
world:step(300)
measure.report("distance_driven", chassis.x, "m in 5 s")
