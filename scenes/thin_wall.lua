-- Seed 003, test 10: a 0.4 m box fired at a 0.05 m static wall. No speed up
-- to 10 km/s may tunnel through at 60 Hz (DESIGN.md §5): seven speeds, each
-- box with its own wall, 6 m apart; the figure is the furthest any box's
-- centre reached in 2 s. Checked by tests/lua_scenes.rs.
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
local reached = {}
for i in ipairs(boxes) do reached[i] = -math.huge end
for _ = 1, 120 do
  world:step(1)
  for i, b in ipairs(boxes) do reached[i] = math.max(reached[i], b.x) end
end
local worst = -math.huge
for i, v in ipairs(speeds) do
  measure.report(("max_x v=%g"):format(v), reached[i], ("box fired at %g m/s"):format(v))
  worst = math.max(worst, reached[i])
end
measure.report("max_x", worst, "the wall's near face is x = 0: must stay < 0")
