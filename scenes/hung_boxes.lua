-- Seed 003, tests 6–7: a 100 kg box hangs by a hinge under a 1 kg box that
-- hangs by a hinge from the ceiling; a 10 kg box hits the heavy one at
-- 30 m/s. The joints must hold: anchor separation below 1 cm, no explosion
-- (ODE failed test 6).
local measure = require("measure")
scene { title = "Heavy box under a light box, hit at 30 m/s", camera = {0, 8, 12} }
local ceiling = box { x = 0, y = 10.25, w = 4, h = 0.5, static = true, color = "#888888" }
local light = box { x = 0, y = 9.5, w = 0.5, h = 0.5, mass = 1, name = "light" }
local heavy = box { x = 0, y = 8.5, w = 1, h = 1, mass = 100, name = "heavy" }
local j1 = hinge { a = ceiling, b = light, at = {0, 10} }
local j2 = hinge { a = light, b = heavy, at = {0, 9.1} }
box { x = -4, y = 8.5, w = 0.5, h = 0.5, mass = 10, vx = 30, gravity_scale = 0, name = "shot" }
local worst = 0
for _ = 1, 300 do
  world:step(1)
  for _, j in ipairs { j1, j2 } do
    local x1, y1, x2, y2 = j:anchors()
    worst = math.max(worst, math.sqrt((x2 - x1) ^ 2 + (y2 - y1) ^ 2))
  end
end
measure.report("anchor_separation", worst, "m; physbox must: < 0.01")
