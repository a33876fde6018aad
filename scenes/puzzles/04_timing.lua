-- Puzzle 4 of 5: Cut the rope.
-- Teaches: timing. The ball swings on a rod; Space cuts it. Cut while the
-- ball swings right and it flies toward the goal — but it comes down over
-- the gap, so bridge the gap first. The key press and its step are part of
-- the solution file, and `physbox verify` replays them.
local P = require("puzzle")

scene { title = "4. Cut the rope: plank the gap, Enter, then Space at the right moment", camera = {0.5, 2.5, 9},
        keys = {"space"} }  -- Space is the level's: the sandbox pauses with P instead
tools { plank = 1 }
next_scene("05_catapult.lua")

local grey = "#5d6d7e"
box { x = -4, y = -0.5, w = 10, h = 1, static = true, name = "near side", color = grey }
box { x = 5.2, y = -0.5, w = 5.6, h = 1, static = true, name = "far side", color = grey }
box { x = 7.9, y = 1, w = 0.2, h = 2, static = true, name = "end wall", color = grey }
-- A low, thick roof over the gap: no lob clears it, the ball must come in low.
box { x = 2.8, y = 4.2, w = 4.4, h = 3.6, static = true, name = "roof", color = grey }
local goal = box { x = 5.8, y = 0.75, w = 4, h = 1.5, static = true, sensor = true, name = "goal", color = "#2e7d32" }

local pivot = { -3, 5 }
local ball = circle { x = -6, y = 5, r = 0.3, name = "ball", color = "#e53935" }
local rod = distance { a = ball, anchor_b = pivot }
box { x = pivot[1], y = pivot[2], w = 0.15, h = 0.15, static = true, sensor = true, color = grey }

local cut = false
function on_key(key, down)
  if key == "space" and down and not cut then
    cut = true
    rod:destroy()
    message("snip")
  end
end

P.win_when(P.stays_inside(ball, goal, 1.0), "perfect timing")
P.lose_when(P.below(ball, -3), "the ball fell into the gap")
P.time_limit(20, "the ball never reached the goal")
