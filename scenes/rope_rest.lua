-- Issue 18 §3: ropes that rest. Three ropes, far apart so they never meet:
--   1. pinned to two posts at both ends (24 segments, 0.5 kg): it sags and
--      swings, and must settle and fall asleep;
--   2. pinned at one end, released from horizontal: it whips down and must
--      settle hanging;
--   3. the same as 2 with `damping = 0`: the old energy-conserving rope,
--      still swinging fast after 10 s.
-- Each step it reports the fastest mass per rope; the figures are the time
-- each rope first stays below 1e-3 m/s (and when rope 1 is all asleep).
local measure = require("measure")
scene { title = "Ropes that rest", camera = {12, -2, 30} }

local function post(x, y)
  return box { x = x, y = y, w = 0.2, h = 0.2, static = true, color = "#888888" }
end

local p1, p2 = post(0, 0), post(4, 0)
local two_posts = rope { from = {0, 0}, to = {4, 0}, segments = 24, mass = 0.5, a = p1, b = p2 }

local p3 = post(10, 0)
local one_end = rope { from = {10, 0}, to = {14, 0}, segments = 24, mass = 0.5, a = p3 }

local p4 = post(20, 0)
local undamped = rope { from = {20, 0}, to = {24, 0}, segments = 24, mass = 0.5, a = p4,
                        damping = 0 }

local function fastest(r)
  local v = 0
  for _, b in ipairs(r.bodies) do
    v = math.max(v, math.sqrt(b.vx * b.vx + b.vy * b.vy))
  end
  return v
end

local function all_asleep(r)
  for _, b in ipairs(r.bodies) do
    if b.awake then return false end
  end
  return true
end

-- The time from which a condition held to the end of the run (nil: not at the end).
local since = {}
local function track(name, holds, t)
  if holds then since[name] = since[name] or t else since[name] = nil end
end

local undamped_at_10 = 0
local steps = 40 * 60
for i = 1, steps do
  world:step(1)
  local t = i / 60
  track("two_posts_settled", fastest(two_posts) < 1e-3, t)
  track("two_posts_asleep", all_asleep(two_posts), t)
  track("one_end_settled", fastest(one_end) < 1e-3, t)
  if i == 10 * 60 then undamped_at_10 = fastest(undamped) end
end

measure.report("two_posts_settle_time", since.two_posts_settled or 1e9, "s until < 1e-3 m/s for good; target < 20")
measure.report("two_posts_asleep_time", since.two_posts_asleep or 1e9, "s until every mass sleeps for good; target < 20")
measure.report("one_end_settle_time", since.one_end_settled or 1e9, "s until < 1e-3 m/s for good; target < 20")
measure.report("two_posts_speed_at_40s", fastest(two_posts), "m/s")
measure.report("undamped_speed_at_10s", undamped_at_10, "m/s, damping = 0: energy kept")
measure.report("undamped_speed_at_40s", fastest(undamped), "m/s")
