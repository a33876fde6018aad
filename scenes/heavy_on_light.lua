-- Seed 003, test 4: a 5000 kg box resting on a 5 kg box (1000:1) at 60 Hz.
-- The heavy box must drift less than 1 cm in 10 s.
local measure = require("measure")
scene { title = "5000 kg on 5 kg", camera = {0, 1, 6} }
box { x = 0, y = -0.5, w = 20, h = 1, static = true }
local light = box { x = 0, y = 0.25, w = 1, h = 0.5, mass = 5, name = "light" }
local heavy = box { x = 0, y = 1, w = 1, h = 1, mass = 5000, name = "heavy" }
local x0, y0 = heavy.x, heavy.y
local worst = 0
for _ = 1, 600 do
  world:step(1)
  worst = math.max(worst, math.sqrt((heavy.x - x0) ^ 2 + (heavy.y - y0) ^ 2))
end
measure.report("heavy_drift", worst, "physbox must: < 0.01 m")
