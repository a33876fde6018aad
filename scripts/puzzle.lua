-- Helpers for puzzle levels:
--
--   local P = require("puzzle")
--   local ball = circle { x = -4, y = 3, r = 0.3, name = "ball" }
--   local cup  = box { x = 4, y = 0.5, w = 1, h = 1, static = true, sensor = true }
--   P.goal(P.stays_inside(ball, cup, 1.0), function() win("in the cup") end)
--   P.goal(P.below(ball, -2), function() lose("the ball fell") end)
--   P.time_limit(20, "out of time")
--
-- Timers and goals run after every step (after the scene's own `update`,
-- through `every_step`), so a scene may define `update` or not, before or
-- after requiring this module: nothing to call by hand, nothing to forget.
-- Time counts simulated seconds since the first step, which in a puzzle is
-- the moment the player presses Start.
--
-- A goal is a function `g(dt) -> boolean`, called once every step. Any
-- function of no arguments that returns true when something holds is
-- already a goal (`function() return P.inside(ball, cup) end`).

local P = {}

local now = 0          -- simulated seconds since the first step
local timers = {}      -- { at = seconds, fn = function } in the order added
local watched = {}     -- { goal = g, done = fn, fired = bool }

P.solved = false       -- set by win_when; time_limit and lose_when leave a solved puzzle alone
P.failed = false       -- set by lose_when and time_limit

local function is_body(v)
  -- Body handles are userdata with a position; rectangles are tables.
  return type(v) == "userdata"
end

-- A zone's rectangle as numbers, or an error at `level` (the scene's line
-- that passed the zone: checked where the helper is called, not later in a
-- step, where no line of the scene is on the stack).
local function rect(r, level)
  local cx = r.x or r[1]
  local cy = r.y or r[2]
  local w = r.w or r[3]
  local h = r.h or r[4]
  if not (cx and cy and w and h) then
    error("puzzle: a zone rectangle is {x = centre_x, y = centre_y, w = width, h = height}", level + 1)
  end
  return cx, cy, w, h
end

-- A zone checked as `level` would see it: a body, or a valid rectangle.
local function check_zone(zone, who, level)
  if is_body(zone) then return end
  if type(zone) == "table" then
    rect(zone, level + 1)
    return
  end
  error("puzzle." .. who .. ": the zone must be a body or {x, y, w, h}, got " .. type(zone), level + 1)
end

--- Is the body's origin inside the zone? `zone` is a body (a sensor box,
--- any shape: "inside" means inside its shape) or a rectangle
--- `{x = cx, y = cy, w = width, h = height}` (centre and size, like box{}).
function P.inside(body, zone)
  check_zone(zone, "inside", 2)
  local x, y = body.x, body.y
  if is_body(zone) then
    for _, b in ipairs(world:query_point(x, y)) do
      if b == zone then return true end
    end
    return false
  end
  local cx, cy, w, h = rect(zone, 2)
  return math.abs(x - cx) <= w / 2 and math.abs(y - cy) <= h / 2
end

--- Call `fn()` once, `seconds` of simulated time from now. Returns a
--- function that cancels it.
function P.after(seconds, fn)
  if type(seconds) ~= "number" or seconds < 0 then
    error("puzzle.after: seconds must be a number from 0 up, got " .. tostring(seconds), 2)
  end
  if type(fn) ~= "function" then
    error("puzzle.after: expected a function to call, got " .. type(fn), 2)
  end
  local t = { at = now + seconds, fn = fn }
  timers[#timers + 1] = t
  return function() t.cancelled = true end
end

local function check_goals(list, where)
  for i, g in ipairs(list) do
    if type(g) ~= "function" then
      error(("puzzle.%s: item %d is a %s, not a goal (a function returning true when met)")
        :format(where, i, type(g)), 3)
    end
  end
end

--- A goal met when every goal in the list is met at the same step. All of
--- them are evaluated every step (timed goals keep counting).
function P.all(list)
  check_goals(list, "all")
  return function(dt)
    local ok = true
    for _, g in ipairs(list) do
      if not g(dt) then ok = false end
    end
    return ok
  end
end

--- A goal met when any goal in the list is met (all evaluated every step).
function P.any(list)
  check_goals(list, "any")
  return function(dt)
    local ok = false
    for _, g in ipairs(list) do
      if g(dt) then ok = true end
    end
    return ok
  end
end

--- A goal met once `body` has stayed inside `zone` for `seconds` without
--- leaving (leaving starts the count again).
function P.stays_inside(body, zone, seconds)
  check_zone(zone, "stays_inside", 2)
  seconds = seconds or 0
  local held = 0
  return function(dt)
    if P.inside(body, zone) then
      held = held + (dt or 0)
    else
      held = 0
    end
    return held >= seconds - 1e-9 and P.inside(body, zone)
  end
end

--- A goal met when `body`'s origin is below height `y` (fell off).
function P.below(body, y)
  return function() return body.y < y end
end

--- Watch a goal: the first step it is met, `on_done()` runs (once).
function P.goal(g, on_done)
  if type(g) ~= "function" then
    error("puzzle.goal: expected a goal (a function returning true when met), got " .. type(g), 2)
  end
  if type(on_done) ~= "function" then
    error("puzzle.goal: expected a function to run when the goal is met, got " .. type(on_done), 2)
  end
  watched[#watched + 1] = { goal = g, done = on_done, fired = false }
end

--- Win with `text` when the goal is met (and mark the puzzle solved so
--- time_limit lets it be).
function P.win_when(g, text)
  P.goal(g, function()
    if not P.solved and not P.failed then
      P.solved = true
      win(text)
    end
  end)
end

--- Lose with `text` when the goal is met, unless already solved.
function P.lose_when(g, text)
  P.goal(g, function()
    if not P.solved and not P.failed then
      P.failed = true
      lose(text)
    end
  end)
end

--- Lose with `text` after `seconds` unless the puzzle was solved by then.
function P.time_limit(seconds, text)
  P.after(seconds, function()
    if not P.solved and not P.failed then
      P.failed = true
      lose(text or "out of time")
    end
  end)
end

--- Simulated seconds since the first step.
function P.time() return now end

every_step(function(dt)
  now = now + dt
  for _, t in ipairs(timers) do
    if not t.fired and not t.cancelled and now >= t.at - 1e-9 then
      t.fired = true
      t.fn()
    end
  end
  for _, w in ipairs(watched) do
    if not w.fired and w.goal(dt) then
      w.fired = true
      w.done()
    end
  end
end)

return P
