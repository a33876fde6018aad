-- Puzzle 3 of 5: Over the wall.
-- Teaches: springs store energy and give it back. The ball drops from the
-- chute on the left; the goal is behind the wall. A springboard throws
-- back what lands on it; tilt it (Q / E while the cursor is on it) to
-- throw sideways.
local P = require("puzzle")

scene { title = "3. Over the wall: place and tilt the springboard", camera = {0.5, 3.8, 10.5} }
tools { spring = 1 }
next_scene("04_timing.lua")

local grey = "#5d6d7e"
box { x = 0, y = -0.5, w = 18, h = 1, static = true, name = "floor", color = grey }
box { x = 0.5, y = 1, w = 0.3, h = 2, static = true, name = "wall", color = grey }
box { x = 6.0, y = 1, w = 0.2, h = 2, static = true, name = "back wall", color = grey }
-- The chute the ball falls out of.
box { x = -4.6, y = 6.5, w = 0.2, h = 2, static = true, color = grey }
box { x = -3.4, y = 6.5, w = 0.2, h = 2, static = true, color = grey }

local goal = box { x = 3.5, y = 0.75, w = 4.6, h = 1.5, static = true, sensor = true, name = "goal", color = "#2e7d32" }
local ball = circle { x = -4, y = 7, r = 0.3, name = "ball", color = "#e53935" }

P.win_when(P.stays_inside(ball, goal, 1.0), "over the wall!")
P.time_limit(15, "the ball stayed on this side")
