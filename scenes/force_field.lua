-- A central force field (a spring to the origin) on a ring of bodies that
-- share a collision group (they pass through each other). A body on
-- F = -k x oscillates with period 2 pi sqrt(m / k): the scene measures it.
local measure = require("measure")
scene { title = "Force fields", camera = {0, 0, 20} }
world.gravity = {0, 0}
local k = 4.0
local probe = circle { x = 3, y = 0, r = 0.2, mass = 1, name = "probe", group = 1 }
for i = 1, 11 do
  local a = i / 12 * 2 * math.pi
  circle { x = 5 * math.cos(a), y = 5 * math.sin(a), r = 0.3, mass = 1, group = 1 }
end
force(function(b, t) return -k * b.x, -k * b.y end)
-- Time two successive zero crossings of the probe (interpolated): half a period.
local crossings, last_x, last_t = {}, probe.x, world.time
while world.time < 5 and #crossings < 2 do
  world:step(1)
  if (last_x > 0) ~= (probe.x > 0) then
    crossings[#crossings + 1] = last_t + (world.time - last_t) * last_x / (last_x - probe.x)
  end
  last_x, last_t = probe.x, world.time
end
local period = #crossings == 2 and 2 * (crossings[2] - crossings[1]) or -1
measure.report("period", period, ("theory %.6f"):format(2 * math.pi * math.sqrt(1 / k)))
