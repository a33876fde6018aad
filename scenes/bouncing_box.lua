-- Seed 000, experiment 2: a tilted unit box dropped on a frictionless floor,
-- e = 1: it trades linear for angular motion but keeps its energy.
local measure = require("measure")
scene { title = "Elastic box, 20 bounces", camera = {0, 2, 8} }
box { x = 0, y = -0.5, w = 20, h = 1, static = true, friction = 0, restitution = 1 }
local b = box { x = 0, y = 3, w = 1, h = 1, angle = 0.3, friction = 0, restitution = 1, name = "box" }

local e0 = world:energy()
local worst, bounces, last_vy = 0, 0, 0
while bounces < 20 and world.steps < 60 * 120 do
  world:step(1)
  local e = world:energy()
  worst = math.max(worst, math.abs((e - e0) / e0))
  if last_vy < 0 and b.vy > 0 then bounces = bounces + 1 end
  last_vy = b.vy
  plot("energy", e)
end
measure.report("bounces", bounces)
measure.report("energy_drift", worst, "physbox must: < 0.01 over 20 bounces")
