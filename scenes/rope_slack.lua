-- Issue 17: a rope longer than the distance between its ends hangs. Three
-- ropes between two posts 4 m apart (24 segments, 0.5 kg, default damping):
--   1. taut (no length): as long as the gap;
--   2. `length = 6`: 1.5x the gap;
--   3. `slack = 0.2`: 20 % longer than the gap (4.8 m), an odd number of
--      segments (23) for the other layout (a flat bottom link).
-- A slack rope starts as a V (a trapezoid for odd segments) below the line
-- with every link at its rest length, and gravity pulls it into its
-- catenary. Figures: each rope's length along its masses at creation (its
-- rest length: the links start at rest), how low its lowest mass hangs at
-- the end, and when it stays below 1e-3 m/s and all asleep.
local measure = require("measure")
scene { title = "Slack ropes: length and slack", camera = {12, -3, 30} }

local function post(x, y)
  return box { x = x, y = y, w = 0.2, h = 0.2, static = true, color = "#888888" }
end

local function hang(x, opts)
  local a, b = post(x, 0), post(x + 4, 0)
  opts.from, opts.to, opts.mass, opts.a, opts.b = {x, 0}, {x + 4, 0}, 0.5, a, b
  opts.segments = opts.segments or 24
  return rope(opts)
end

local ropes = {
  taut = hang(0, {}),
  length6 = hang(8, { length = 6 }),
  slack02 = hang(16, { slack = 0.2, segments = 23 }),
}
for name, r in pairs(ropes) do
  measure.report(name .. "_initial_length", r:length(), "m along the masses at creation")
end

local function fastest(r)
  local v = 0
  for _, b in ipairs(r.bodies) do v = math.max(v, math.sqrt(b.vx * b.vx + b.vy * b.vy)) end
  return v
end
local function all_asleep(r)
  for _, b in ipairs(r.bodies) do if b.awake then return false end end
  return true
end
local function lowest(r)
  local y = math.huge
  for _, b in ipairs(r.bodies) do y = math.min(y, b.y) end
  return y
end

local since = {}
local function track(key, holds, t)
  if holds then since[key] = since[key] or t else since[key] = nil end
end
for i = 1, 30 * 60 do
  world:step(1)
  for name, r in pairs(ropes) do
    track(name .. "_settle", fastest(r) < 1e-3, i / 60)
    track(name .. "_asleep", all_asleep(r), i / 60)
  end
end
for name, r in pairs(ropes) do
  measure.report(name .. "_lowest_y", lowest(r), "m (the posts are at y = 0)")
  measure.report(name .. "_settle_time", since[name .. "_settle"] or 1e9, "s until < 1e-3 m/s for good")
  measure.report(name .. "_asleep_time", since[name .. "_asleep"] or 1e9, "s until every mass sleeps for good")
  measure.report(name .. "_final_length", r:length(), "m along the masses at the end")
end
