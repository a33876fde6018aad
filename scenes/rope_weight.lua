-- An inextensible rope (k = nil: distance links plus an end-to-end tether)
-- holding a 20 kg weight, kicked sideways. It must never stretch more than 1 %.
local measure = require("measure")
scene { title = "Inextensible rope, 20 kg weight", camera = {0, 7, 10} }
local pin = box { x = 0, y = 10, w = 0.2, h = 0.2, static = true, color = "#888888" }
local r = rope { from = {0, 10}, to = {0, 6}, segments = 20, mass = 1, radius = 0.04,
                 collide = false, a = pin }
local weight = box { x = 0, y = 5.7, w = 0.4, h = 0.4, mass = 20, vx = 3, name = "weight" }
hinge { a = r.last, b = weight, at = {0, 6} }
local worst = 0
for _ = 1, 1200 do
  world:step(1)
  worst = math.max(worst, r:length() / 4 - 1)
end
measure.report("max_stretch", worst, "relative; physbox must: < 0.01")
