-- Issue 18 §4, seams: a floor made of `segment`s end to end. A ball rolling
-- and a frictionless box sliding at 4 m/s across 19 joints, beside the same
-- ball and box on a floor of one segment, and on a floor of 20 segments
-- that turns 2° down halfway (a hump, met after 3 m). Figures: the largest vertical speed
-- and hop (m above resting height) over 2.5 s, and the box's speed left
-- at the end; on the hump the largest upward speed and the hop above the
-- level half (going over a hump nothing should ever rise).
--
-- Where two static segments meet end to end and run on within 5°, each
-- knows the other's far end ("ghost" vertex, src/physics/collision/
-- seams.rs) and leaves what lies past the joint to it, so nothing meets
-- the next segment's end point. Before that, every joint was a bump: ball
-- 0.78 m/s vertical, 3.3 cm hops; box 1.37 m/s, 11 cm hops, slowed from 4
-- to 0.5 m/s. Now the 20-piece floor matches the one-piece one (0, 0,
-- 4 m/s); tests/lua_scenes.rs checks it.
--
-- To see the bumps again, as engines without seam handling have them, add
-- `world.smooth_seams = false` below and save: the 19 joints knock the
-- ball again (0.78 m/s up, 3.3 cm hops, 2.07 m/s left at the end).
local measure = require("measure")
scene { title = "Seams between segments", camera = {0, 7, 30} }

local function body_on(x, y, kind)
  if kind == "ball" then
    return circle { x = x, y = y + 0.25, r = 0.25, vx = 4, friction = 0.3 }
  end
  return box { x = x, y = y + 0.25, w = 0.5, h = 0.5, vx = 4, friction = 0 }
end

local function lane(y, pieces, kind)
  local w = 20 / pieces
  for i = 0, pieces - 1 do
    segment { x1 = -10 + i * w, y1 = y, x2 = -10 + (i + 1) * w, y2 = y }
  end
  return body_on(-9, y, kind)
end

-- Level from x = -10 to 0, then 2° down to x = 10, one metre a piece; the
-- ball and box start 3 m before the hump.
local function hump(y, kind)
  local slope = math.tan(math.rad(2))
  local function height(x) return y - math.max(x, 0) * slope end
  for x = -10, 9 do
    segment { x1 = x, y1 = height(x), x2 = x + 1, y2 = height(x + 1) }
  end
  return body_on(-3, y, kind)
end

local cases = {}
for i, spec in ipairs({ {1, "ball"}, {20, "ball"}, {1, "box"}, {20, "box"} }) do
  local y = (i - 1) * 3
  cases[#cases + 1] = { name = ("%s on %d"):format(spec[2], spec[1]),
                        body = lane(y, spec[1], spec[2]), y = y, vy = 0, hop = 0 }
end
for i, kind in ipairs({ "ball", "box" }) do
  local y = 9 + i * 3
  cases[#cases + 1] = { name = ("%s on hump"):format(kind), hump = true,
                        body = hump(y, kind), y = y, vy = 0, hop = 0 }
end

for _ = 1, 150 do
  world:step(1)
  for _, c in ipairs(cases) do
    -- Over the hump only rising counts: down the slope is no bump.
    local vy = c.hump and c.body.vy or math.abs(c.body.vy)
    c.vy = math.max(c.vy, vy)
    local _, y = c.body:center()
    c.hop = math.max(c.hop, y - c.y - 0.25)
  end
end
for _, c in ipairs(cases) do
  local what = c.hump and "max_vy_up" or "max_vy"
  measure.report(("%s %s"):format(what, c.name), c.vy, "m/s")
  measure.report(("hop %s"):format(c.name), c.hop, "m")
  measure.report(("vx_end %s"):format(c.name), c.body.vx, "m/s (started at 4)")
end
