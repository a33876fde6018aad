-- Seed 003, test 9: a perfectly elastic ball at 4 g keeps its apex height
-- bounce after bounce (within 0.1 % over 50 bounces).
local measure = require("measure")
scene { title = "Perfect bounce at 4 g", camera = {0, 1, 6} }
world.gravity = {0, -4 * 9.81}
box { x = 0, y = -0.5, w = 10, h = 1, static = true }
local ball = circle { x = 0, y = 1.5, r = 0.5, friction = 0, restitution = 1, name = "ball" }
local peaks = measure.apexes(function() local _, y = ball:center() return y end, 60 * 40)
local first, worst = 1.5, 0
for i = 1, math.min(50, #peaks) do
  worst = math.max(worst, math.abs((peaks[i] - first) / (first - 0.5)))
end
measure.report("bounces", #peaks)
measure.report("worst_apex_deviation", worst, "physbox must: < 0.001")
