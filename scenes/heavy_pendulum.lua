-- Seed 003, test 8: a 5000 kg pendulum on a rigid 1 m rod (distance joint),
-- released horizontal. The rod must stretch less than 1e-4 of its length
-- (ODE: 1e-6 at best, 1e-3 typical).
local measure = require("measure")
scene { title = "5000 kg pendulum", camera = {0, -0.5, 3} }
local bob = box { x = 1, y = 0, w = 0.5, h = 0.5, mass = 5000, name = "bob" }
distance { a = bob, anchor_b = {0, 0} }
local worst = 0
for _ = 1, 1200 do
  world:step(1)
  local cx, cy = bob:center()
  worst = math.max(worst, math.abs(math.sqrt(cx * cx + cy * cy) - 1))
end
measure.report("rod_stretch", worst, "relative; physbox must: < 1e-4")
