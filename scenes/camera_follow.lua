-- Camera follow: a car on a long, hilly road; the view follows it.
-- Left / Right drive (headless: it drives right on its own). Pan or zoom
-- with the mouse and the view stays put; F follows the car again.
scene { title = "Camera follow: Left/Right drive, F re-follows after a pan",
        about = "camera:follow(car) along a 120 m road",
        camera = {0, 2, 12} }

-- The road: flat, then hills made of tilted slabs, then flat again.
box { x = 50, y = -0.5, w = 140, h = 1, static = true, friction = 0.9, color = "#557755" }
for i = 0, 7 do
  local x = 15 + i * 12
  polygon { x = x, y = 0, points = {{-4, 0}, {4, 0}, {0, 0.6 + 0.15 * i}}, static = true, color = "#8a8a8a" }
end
-- Posts every 10 m, so the motion shows even where the road is flat.
for x = -10, 110, 10 do
  box { x = x, y = 1, w = 0.1, h = 2, static = true, sensor = true, color = "#3a4a5a" }
end

local chassis = box { x = 0, y = 1.2, w = 2.4, h = 0.4, density = 2, name = "chassis", color = "#cc4444" }
local cab = box { x = 0.1, y = 1.6, w = 1.2, h = 0.4, density = 1, color = "#dd6655" }
local rear = circle { x = -0.8, y = 0.6, r = 0.4, density = 1, friction = 1.2, name = "rear", color = "#bbbbbb" }
local front = circle { x = 0.8, y = 0.6, r = 0.4, density = 1, friction = 1.2, name = "front", color = "#bbbbbb" }
weld { a = chassis, b = cab, at = {0.1, 1.4} }
local motor = hinge { a = chassis, b = rear, at = {-0.8, 0.6}, motor = {-10, 80} }
hinge { a = chassis, b = front, at = {0.8, 0.6} }

-- The view glides after the car, a little ahead and above it.
camera:follow(chassis, { smooth = 0.85, offset = {3, 1.5} })

function update(dt)
  if key_down("left") then motor.motor_speed = 10
  elseif key_down("right") then motor.motor_speed = -10
  end
  plot("car x", chassis.x)
end
