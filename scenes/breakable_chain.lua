-- A breakable chain: links hinged together, each joint with a breaking
-- force; a heavy ball lands on the chain and the weak link snaps.
-- on_break(joint) fires once per broken joint.
--
-- The chain is strung taut, so the ball's impact pulls every joint with
-- about the same force (peaks of 6-17 kN here): with one limit for all,
-- they would all break in the same step. The joint in the middle is the
-- weak one.
local measure = require("measure")
scene { title = "Breakable chain", camera = {0, 2, 12} }
box { x = 0, y = -3, w = 30, h = 1, static = true, color = "#557755" }
local n, len = 14, 0.5
local left = -3.5
local prev = nil
local joints = {}
local function limit(i) return i == n // 2 + 1 and 1500 or 40000 end
for i = 1, n do
  local link = box { x = left + (i - 0.5) * len, y = 2, w = len, h = 0.12, density = 5, color = "#999999" }
  local at = {left + (i - 1) * len, 2}
  joints[#joints + 1] = prev and hinge { a = prev, b = link, at = at, breaking_force = limit(i) }
                             or hinge { a = link, at = at, breaking_force = limit(i) }
  prev = link
end
joints[#joints + 1] = hinge { a = prev, at = {left + n * len, 2}, breaking_force = limit(n + 1) }
circle { x = 0.2, y = 6, r = 0.5, density = 60, name = "wrecking ball" }
breaks = 0
seen = {}
function on_break(j)
  breaks = breaks + 1
  assert(not seen[j], "a joint broke twice")
  seen[j] = true
  message(("joint broke: %s (%d so far)"):format(tostring(j), breaks))
end
world:step(240)
measure.report("breaks", breaks, "joints that broke (each reported once)")
