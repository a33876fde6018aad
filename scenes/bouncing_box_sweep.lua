-- Seed 000, experiment 2 over other parameters: the elastic unit box of
-- bouncing_box.lua (e = 1, no friction) dropped from 1, 2, 3 and 5 m, tilted
-- by 0, 0.1, 0.3, 0.5 and 0.7 rad. The 20 cases stand in a row, each box over
-- its own 20 m floor (floor top at y = 0, as in bouncing_box.lua); the boxes
-- share a group, so they never touch each other. Each case is measured on its
-- own, as bouncing_box.lua measures its box: the worst relative error of its
-- energy (kinetic + m g y) until its 20th bounce.
--
-- DESIGN.md §5 asks for total energy within 1 % over 20 bounces. All 20 keep
-- it to rounding (worst 9e-15): a perfectly elastic contact that is all its
-- bodies feel in a step bounces to the energy the pair started the step
-- with (src/physics/solver/elastic.rs). Before that (issue 18) 11 of 20 were
-- within 1 %, the worst 3.4 %: a corner bounce sets the box spinning fast,
-- the other corner slams down the next step, and per-point bookkeeping lost
-- or gained 0.1-3 % per bounce. tests/lua_scenes.rs checks the target.
local measure = require("measure")
scene { title = "Elastic box: 4 drop heights x 5 tilts", camera = {199.5, 2, 240} }

local heights = {1, 2, 3, 5}
local tilts = {0, 0.1, 0.3, 0.5, 0.7}
local g = 9.81
local cases = {}
for _, h in ipairs(heights) do
  for _, tilt in ipairs(tilts) do
    local x = 21 * #cases
    box { x = x, y = -0.5, w = 20, h = 1, static = true, friction = 0, restitution = 1 }
    local b = box { x = x, y = h, w = 1, h = 1, angle = tilt, friction = 0, restitution = 1,
                    group = 1, name = ("h=%g tilt=%g"):format(h, tilt) }
    cases[#cases + 1] = { h = h, tilt = tilt, body = b, mass = b.mass,
                          bounces = 0, last_vy = 0, worst = 0 }
  end
end

local function energy(c)
  local _, y = c.body:center()
  return c.body:kinetic_energy() + c.mass * g * y
end
for _, c in ipairs(cases) do c.e0 = energy(c) end

-- Step until every box has bounced 20 times (two minutes at the most).
local running = #cases
while running > 0 and world.steps < 60 * 120 do
  world:step(1)
  for _, c in ipairs(cases) do
    if c.bounces < 20 then
      c.worst = math.max(c.worst, math.abs((energy(c) - c.e0) / c.e0))
      local vy = c.body.vy
      if c.last_vy < 0 and vy > 0 then
        c.bounces = c.bounces + 1
        if c.bounces == 20 then running = running - 1 end
      end
      c.last_vy = vy
    end
  end
end

local worst, within, fewest = 0, 0, math.huge
for _, c in ipairs(cases) do
  measure.report(("energy_drift h=%g tilt=%g"):format(c.h, c.tilt), c.worst,
                 ("%d bounces"):format(c.bounces))
  worst = math.max(worst, c.worst)
  if c.worst < 0.01 then within = within + 1 end
  fewest = math.min(fewest, c.bounces)
end
measure.report("fewest_bounces", fewest, "every case must reach 20")
measure.report("cases_within_1_percent", within, "of 20; physbox must: 20")
measure.report("worst_energy_drift", worst, "physbox must: < 0.01")
