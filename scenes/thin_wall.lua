-- Seed 003, test 10: a 0.4 m box fired at a 0.05 m static wall. No speed up
-- to 10 km/s may tunnel through at 60 Hz.
local measure = require("measure")
scene { title = "Thin wall vs fast boxes", camera = {0, 0, 8} }
world.gravity = {0, 0}
local speeds = {10, 100, 250, 350, 1000, 3000, 10000}
local boxes = {}
for i, v in ipairs(speeds) do
  local y = (i - 1) * 6
  box { x = 0.025, y = y, w = 0.05, h = 4, static = true }
  boxes[i] = box { x = -2, y = y, w = 0.4, h = 0.4, vx = v, name = ("v=%g"):format(v) }
end
local worst = -math.huge
for _ = 1, 120 do
  world:step(1)
  for _, b in ipairs(boxes) do worst = math.max(worst, b.x) end
end
measure.report("max_x", worst, "the wall's near face is x = 0: must stay < 0")
