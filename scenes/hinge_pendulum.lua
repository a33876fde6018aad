-- Seed 003, test 2: a hinge pendulum released horizontal swings for 60 s.
-- Total energy must stay within ±0.5 % of its largest kinetic energy (ODE:
-- ±0.75 %, Havok lost 50 %).
local measure = require("measure")
scene { title = "Hinge pendulum, 60 s", camera = {0, -0.5, 3} }
local pivot = box { x = 0, y = 0, w = 0.1, h = 0.1, static = true, color = "#888888" }
local bob = box { x = 1, y = 0, w = 0.2, h = 0.2, mass = 1, name = "bob" }
hinge { a = pivot, b = bob, at = {0, 0} }
local e0 = world:energy()
local lo, hi, max_ke = e0, e0, 0
for _ = 1, 3600 do
  world:step(1)
  local e = world:energy()
  lo, hi = math.min(lo, e), math.max(hi, e)
  max_ke = math.max(max_ke, bob:kinetic_energy())
end
measure.report("energy_low", (lo - e0) / max_ke, "of max KE")
measure.report("energy_high", (hi - e0) / max_ke, "of max KE")
measure.report("energy_deviation", math.max(hi - e0, e0 - lo) / max_ke, "physbox must: < 0.005")
