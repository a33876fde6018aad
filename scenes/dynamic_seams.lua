-- Issue 18 §4, seams between bodies that move: two heavy crates (4 × 1 m,
-- dynamic) stand side by side on the floor, their faces flush, and a
-- frictionless 0.5 m box slides across both at 1, 4 and 8 m/s (a 0.2 m box
-- on smaller crates at 8 m/s), with a ball rolling over a third pair.
-- Figures: the largest vertical speed and hop (m above the resting height)
-- while the box or ball crosses the seam, and the speed it has past it.
--
-- Seams are marked on static geometry only (bodies that move may part at
-- any moment), so the second crate's corner used to catch the box: 1.4
-- m/s upwards, an 11 cm hop, slowed from 4 to 1.5 m/s. The box now rests on
-- the crates' common top across the joint (narrow_phase/polygons.rs,
-- `resting_face`): no hop, its speed kept. Known gap: the ball still meets
-- the corner (0.56 m/s, 1.8 cm at 3 m/s; tests/lua_scenes.rs pins it).
local measure = require("measure")
scene { title = "Seams between moving crates", camera = {-18, 2, 36} }

box { x = 0, y = -0.5, w = 120, h = 1, static = true }

local cases = {}
local function lane(x0, name, v, crate_w, crate_h, size, kind)
  box { x = x0, y = crate_h / 2, w = crate_w, h = crate_h, density = 50 }
  box { x = x0 + crate_w, y = crate_h / 2, w = crate_w, h = crate_h, density = 50 }
  local start = x0 - crate_w / 2 + size
  local body
  if kind == "ball" then
    body = circle { x = start, y = crate_h + size / 2, r = size / 2, vx = v, friction = 0.3 }
  else
    body = box { x = start, y = crate_h + size / 2, w = size, h = size, vx = v, friction = 0 }
  end
  cases[#cases + 1] = { name = name, body = body, rest = crate_h + size / 2,
                        past = x0 + 1.25 * crate_w, vy = 0, hop = 0, v = v }
end
lane(-45, "box 1 m/s", 1, 4, 1, 0.5)
lane(-30, "box 4 m/s", 4, 4, 1, 0.5)
lane(-15, "box 8 m/s", 8, 2, 0.5, 0.2)
lane(0, "ball 3 m/s", 3, 4, 1, 0.3, "ball")

for _ = 1, 240 do
  world:step(1)
  for _, c in ipairs(cases) do
    local x, y = c.body:center()
    if x < c.past then
      c.vy = math.max(c.vy, math.abs(c.body.vy))
      c.hop = math.max(c.hop, y - c.rest)
      c.v_past = c.body.vx
    end
  end
end
for _, c in ipairs(cases) do
  measure.report("max_vy " .. c.name, c.vy, "m/s")
  measure.report("hop " .. c.name, c.hop, "m")
  measure.report("speed_kept " .. c.name, c.v_past / c.v, "of the speed it came with")
end
