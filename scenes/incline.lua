-- Seed 000, experiment 3: four boxes on a 20 degree incline with friction
-- 0.05, 0.15, 0.3, 0.6 (tan 20 deg = 0.364), released at rest. Travel in
-- 5 s follows mu; the box with mu > tan(theta) must stay (< 1 mm in 5 s,
-- DESIGN.md §5), and each sliding box must travel g (sin theta - mu cos
-- theta) t^2 / 2 within 2 %. Checked by tests/lua_scenes.rs.
local measure = require("measure")
scene { title = "Incline, four frictions", camera = {-15, -5, 30} }
local angle = math.rad(20)
local mus = {0.05, 0.15, 0.3, 0.6}
-- The incline has friction 1: the pair's friction is sqrt(1 * f) = mu for f = mu^2.
box { x = 0, y = 0, w = 60, h = 1, angle = -angle, static = true, friction = 1 }
local down = {math.cos(angle), -math.sin(angle)}
local normal = {math.sin(angle), math.cos(angle)}
local boxes, start = {}, {}
for i, mu in ipairs(mus) do
  local along = -5 - 3 * (i - 1)
  local b = box { x = down[1] * along + normal[1] * 0.75, y = down[2] * along + normal[2] * 0.75,
                  w = 0.5, h = 0.5, angle = -angle, friction = mu * mu,
                  name = ("mu=%.2f"):format(mu) }
  boxes[i], start[i] = b, {b.x, b.y}
end
world:step(300)
local worst = 0
for i, b in ipairs(boxes) do
  local travel = math.sqrt((b.x - start[i][1]) ^ 2 + (b.y - start[i][2]) ^ 2)
  local a = 9.81 * (math.sin(angle) - mus[i] * math.cos(angle))
  local theory = a > 0 and 0.5 * a * 25 or 0
  measure.report(("travel_%d"):format(i), travel, ("mu = %.2f, theory %.4f m"):format(mus[i], theory))
  if theory > 0 then worst = math.max(worst, math.abs(travel - theory) / theory) end
end
measure.report("worst_travel_error", worst, "sliding boxes against theory; physbox must: < 0.02")
