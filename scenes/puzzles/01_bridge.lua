-- Puzzle 1 of 5: Bridge the gap.
-- Teaches: placing a part. Click "plank" in the parts bin, click over the
-- gap to lay it across, press Enter to start. The rolling ball must reach
-- the green zone on the far side and stay there for 1 second.
local P = require("puzzle")

scene { title = "1. Bridge the gap: lay the plank across, then Enter", camera = {0.5, 1.5, 9} }
tools { plank = 1 }
next_scene("02_button.lua")

-- The near side (the ball is already rolling), a 1.4 m gap, the far side
-- with the goal.
box { x = -3.7, y = -0.5, w = 6.6, h = 1, static = true, name = "near side", color = "#5d6d7e" }
box { x = 3.85, y = -0.5, w = 5.7, h = 1, static = true, name = "far side", color = "#5d6d7e" }
box { x = 6.8, y = 1, w = 0.2, h = 2, static = true, name = "end wall", color = "#5d6d7e" }

local goal = box { x = 5.5, y = 0.75, w = 2.4, h = 1.5, static = true, sensor = true, name = "goal", color = "#2e7d32" }
local ball = circle { x = -6.2, y = 0.3, r = 0.3, vx = 4, omega = -13.3, name = "ball", color = "#e53935" }

P.win_when(P.stays_inside(ball, goal, 1.0), "across the gap!")
P.lose_when(P.below(ball, -3), "the ball fell into the gap")
P.time_limit(20, "the ball never got there")
