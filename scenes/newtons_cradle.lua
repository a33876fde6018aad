-- Newton's cradle: five steel balls (e = 1, no friction) on rigid rods
-- (distance joints); the first is pulled aside and let go. The momentum
-- passes through the row: the last ball leaves with the first one's speed.
-- The balls hang 4 cm apart, so each impact is its own step (impacts that
-- fall within one step are solved together and lose some energy).
local measure = require("measure")
scene { title = "Newton's cradle", camera = {0, 1.5, 4} }
local r, n = 0.2, 5
local balls = {}
for i = 1, n do
  local x = (i - 3) * (2 * r + 0.04)
  local px, py = x, 3
  local bx, by = x, 1
  if i == 1 then bx, by = px - 2 * math.sin(0.6), py - 2 * math.cos(0.6) end
  local b = circle { x = bx, y = by, r = r, mass = 1, restitution = 1, friction = 0,
                     name = "ball" .. i, color = "#b0b8c0" }
  distance { a = b, anchor_b = {px, py} }
  balls[i] = b
end
box { x = 0, y = 3.05, w = 3, h = 0.1, static = true, color = "#666666" }
local first_speed = math.sqrt(2 * 9.81 * 2 * (1 - math.cos(0.6)))
local last_max = 0
for _ = 1, 90 do
  world:step(1)
  local vx, vy = balls[n]:velocity()
  last_max = math.max(last_max, math.sqrt(vx * vx + vy * vy))
end
measure.report("last_ball_speed", last_max, ("first ball hit at %.4f m/s"):format(first_speed))
measure.report("transfer", last_max / first_speed, "last ball's speed / first ball's")
