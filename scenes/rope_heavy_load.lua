-- Issue 18 §2: a 20 kg weight on a light rope (60 segments, 0.6 kg: each
-- mass 1/2000 of the load), hung the natural way and released from
-- horizontal. Two copies: the weight centred on the rope's end (x = 6: the
-- last masses start inside it) and just outside it (x = 6.4).
--
-- A rope's masses never collide with the bodies its ends are pinned to
-- (nor with their neighbours, which the links forbid). Before, the masses
-- inside the weight were pushed out violently and links tore to 35x their
-- length within half a second, and the step cost 7x more than without the
-- overlap. Single links no longer open up while the weight swings: the
-- rope's long-range attachments (src/physics/joints/long_range.rs) keep
-- every mass within its distance along the rope from the post and from the
-- weight, so the taut rope's masses are held on the line. Worst link
-- stretch over 10 s: 0.62 % and 0.55 % (before: 3.1 % and 3.4 %; with
-- `damping = 0` 0.76 % and 0.74 %, before 6.7 % and 4.9 %); target < 1 %
-- (tests/lua_scenes.rs).
local measure = require("measure")
scene { title = "Heavy load on a light rope", camera = {3, 5, 16} }

local cases = {}
for i, wx in ipairs({6, 6.4}) do
  local y = 8 + (i - 1) * 20   -- far apart: the two never meet
  local post = box { x = 0, y = y, w = 0.2, h = 0.2, static = true, color = "#888888" }
  local weight = circle { x = wx, y = y, r = 0.4, mass = 20, name = ("weight at x = %g"):format(wx) }
  local r = rope { from = {0, y}, to = {6, y}, segments = 60, mass = 0.6, a = post, b = weight }
  cases[i] = { wx = wx, rope = r, weight = weight, post = post, worst = 0, hits = 0 }
end

-- Contacts between a rope's mass and its pinned bodies would show here.
local pinned = {}
for _, c in ipairs(cases) do
  for _, b in ipairs(c.rope.bodies) do pinned[b] = c end
end
function on_contact(a, b)
  local c = pinned[a] or pinned[b]
  local other = pinned[a] and b or a
  if c and (other == c.weight or other == c.post) then c.hits = c.hits + 1 end
end

local rest = 0.1
for _ = 1, 600 do
  world:step(1)
  for _, c in ipairs(cases) do
    local bodies = c.rope.bodies
    for k = 1, #bodies - 1 do
      local ax, ay = bodies[k]:center()
      local bx, by = bodies[k + 1]:center()
      local s = math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2) / rest - 1
      if s > c.worst then c.worst = s end
    end
  end
end
for _, c in ipairs(cases) do
  local tag = ("x%g"):format(c.wx)
  measure.report("max_link_stretch_" .. tag, c.worst, "relative, 10 s of swinging; target < 0.01")
  measure.report("pinned_contacts_" .. tag, c.hits, "rope masses touching the post or weight; must be 0")
end
