-- Seed 004: an 80-mass rope of 50 g masses with Hooke links of k = 10^4 N/m
-- hanging from a pin, at 60 Hz (explicit springs need dt <= 2 ms). Each link
-- must stretch by (weight below) / k; the figure is the worst relative error.
local measure = require("measure")
scene { title = "80-mass Hooke rope", camera = {0, 16, 12} }
world.sleep = false
local n, each, link, k = 80, 0.05, 0.1, 1e4
local pin = box { x = 0, y = 20, w = 0.2, h = 0.2, static = true, color = "#888888" }
local r = rope { from = {0, 20}, to = {0, 20 - link * (n - 1)}, segments = n - 1,
                 mass = each * n, radius = 0.025, k = k, damping = 2, collide = false, a = pin }
world:step(40 * 60)
local worst, speed = 0, 0
for i = 1, n - 1 do
  local x1, y1 = r.bodies[i]:center()
  local x2, y2 = r.bodies[i + 1]:center()
  local stretch = math.sqrt((x2 - x1) ^ 2 + (y2 - y1) ^ 2) - link
  local expected = (n - i) * each * 9.81 / k
  worst = math.max(worst, math.abs(stretch - expected) / expected)
  local vx, vy = r.bodies[i]:velocity()
  speed = math.max(speed, math.sqrt(vx * vx + vy * vy))
end
measure.report("worst_link_error", worst, "relative to (weight below)/k; physbox must: < 0.02")
measure.report("max_speed", speed, "m/s after 40 s; must be < 0.01 (at rest)")
