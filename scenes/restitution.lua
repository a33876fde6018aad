-- Seed 003, test 1: 50 balls with restitution 0 ... 1 dropped from 2 m onto
-- a floor with e = 0. The first bounce apex must be e^2 of the drop height.
local measure = require("measure")
scene { title = "Restitution series", camera = {0, 1, 60} }
local n, h, r = 50, 2.0, 0.25
box { x = 0, y = -0.5, w = 4 * n + 10, h = 1, static = true }
local balls = {}
for i = 0, n - 1 do
  local e = i / (n - 1)
  balls[#balls + 1] = { e = e, body = circle { x = -n + 2 * i, y = h + r, r = r, friction = 0,
                                               restitution = e }, ys = {} }
end
for _ = 1, 240 do
  world:step(1)
  for _, b in ipairs(balls) do b.ys[#b.ys + 1] = b.body.y - r end
end
-- Every ball that bounces is measured: those whose rebound speed e * v is
-- above the world's restitution threshold (0.5 m/s; slower rebounds are
-- taken as resting contact and do not bounce, as in Box2D).
local impact, threshold = math.sqrt(2 * 9.81 * h), 0.5
local worst, measured = 0, 0
for _, b in ipairs(balls) do
  local expected = b.e * b.e * h
  if b.e * impact > threshold then
    measured = measured + 1
    local apex = 0
    for i = 2, #b.ys - 1 do
      if b.ys[i] > b.ys[i - 1] and b.ys[i] >= b.ys[i + 1] then
        apex = measure.parabola_peak(b.ys[i - 1], b.ys[i], b.ys[i + 1])
        break
      end
    end
    worst = math.max(worst, math.abs(apex - expected) / expected)
    plot("apex_ratio", apex / h)
  end
end
measure.report("balls_measured", measured, "of 50 (the rest rebound below the threshold)")
measure.report("worst_apex_error", worst, "physbox must: < 0.02")
