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

-- A wrong argument as the message shows it: its type, and its value when
-- that is short ("got string '20'", not "got 20", which reads as a number).
local function describe(v)
  local t = type(v)
  if t == "string" then return ("string '%s'"):format(v) end
  if t == "number" or t == "boolean" then return t .. " " .. tostring(v) end
  return t
end

-- Every helper checks its arguments when the scene calls it, with
-- error(msg, level) naming the scene's line: a bad argument found later,
-- in a step, points into this module (or fails as "attempt to compare
-- number with nil") with no line of the scene on the stack. `level` is
-- the caller's level as seen from the function that got the argument.
local function check_body(v, who, level)
  if not is_body(v) then
    error(("puzzle.%s: expected a body, got %s"):format(who, describe(v)), level + 1)
  end
end

local function check_number(v, who, what, level)
  if type(v) ~= "number" then
    error(("puzzle.%s: %s must be a number, got %s"):format(who, what, describe(v)), level + 1)
  end
end

local function check_goal(g, who, level)
  if type(g) ~= "function" then
    error(("puzzle.%s: expected a goal (a function returning true when met), got %s")
      :format(who, describe(g)), level + 1)
  end
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
  error("puzzle." .. who .. ": the zone must be a body or {x, y, w, h}, got " .. describe(zone), level + 1)
end

--- Is the body's origin inside the zone? `zone` is a body (a sensor box,
--- any shape: "inside" means inside its shape) or a rectangle
--- `{x = cx, y = cy, w = width, h = height}` (centre and size, like box{}).
function P.inside(body, zone)
  check_body(body, "inside", 2)
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
local function check_seconds(seconds, who, level)
  if type(seconds) ~= "number" or seconds < 0 then
    error(("puzzle.%s: seconds must be a number from 0 up, got %s"):format(who, describe(seconds)), level + 1)
  end
end

function P.after(seconds, fn)
  check_seconds(seconds, "after", 2)
  if type(fn) ~= "function" then
    error("puzzle.after: expected a function to call, got " .. describe(fn), 2)
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
  check_body(body, "stays_inside", 2)
  check_zone(zone, "stays_inside", 2)
  seconds = seconds or 0
  check_number(seconds, "stays_inside", "seconds", 2)
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
  check_body(body, "below", 2)
  check_number(y, "below", "the height y", 2)
  return function() return body.y < y end
end

-- Watch `g`; `who` and `level` name the helper the scene called.
local function watch(g, on_done, who, level)
  check_goal(g, who, level + 1)
  if type(on_done) ~= "function" then
    error(("puzzle.%s: expected a function to run when the goal is met, got %s")
      :format(who, describe(on_done)), level + 1)
  end
  watched[#watched + 1] = { goal = g, done = on_done, fired = false }
end

--- Watch a goal: the first step it is met, `on_done()` runs (once).
function P.goal(g, on_done)
  watch(g, on_done, "goal", 2)
end

--- Win with `text` when the goal is met (and mark the puzzle solved so
--- time_limit lets it be).
function P.win_when(g, text)
  watch(g, function()
    if not P.solved and not P.failed then
      P.solved = true
      win(text)
    end
  end, "win_when", 2)
end

--- Lose with `text` when the goal is met, unless already solved.
function P.lose_when(g, text)
  watch(g, function()
    if not P.solved and not P.failed then
      P.failed = true
      lose(text)
    end
  end, "lose_when", 2)
end

--- Lose with `text` after `seconds` unless the puzzle was solved by then.
function P.time_limit(seconds, text)
  check_seconds(seconds, "time_limit", 2)
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
