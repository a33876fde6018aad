-- Puzzle 5 of 5: Catapult.
-- Teaches: joints and levers. The board is hinged in the middle; the ball
-- waits in the cup on its low end. Drop enough weight on the high end and
-- the board flips, throwing the ball. It must land in the basket and stay
-- there for 2 seconds. Parts can be placed in the air: stack the boxes
-- high above the left end and they fall when you press Enter — the higher
-- the drop, the harder the throw (but not too high).
local P = require("puzzle")

scene { title = "5. Catapult: drop weight on the high end", camera = {0, 3.5, 9} }
tools { box = 3 }

local grey = "#5d6d7e"
box { x = 0, y = -0.5, w = 16, h = 1, static = true, name = "floor", color = grey }
box { x = 0, y = 0.4, w = 0.1, h = 0.8, static = true, name = "stand", color = grey }
local board = box { x = 0, y = 1.0, w = 5, h = 0.2, angle = -0.3, name = "board", color = "#8d6e63" }
board:add_box { x = 2.45, y = 0.25, w = 0.1, h = 0.3 }
-- Limits count from the angle at creation: from -0.3 (as built) up to +0.3.
hinge { a = board, at = { 0, 1.0 }, limits = { 0, 0.6 } }
local ball = circle { x = 2.0, y = 0.75, r = 0.25, density = 0.3, name = "ball", color = "#e53935" }

-- The basket, hanging in the air.
local bx, by = -0.2, 2.2
box { x = bx, y = by, w = 1.4, h = 0.1, static = true, name = "basket", color = grey }
box { x = bx - 0.7, y = by + 0.35, w = 0.1, h = 0.8, static = true, color = grey }
box { x = bx + 0.7, y = by + 0.35, w = 0.1, h = 0.8, static = true, color = grey }
local goal = box { x = bx, y = by + 0.4, w = 1.3, h = 0.7, static = true, sensor = true, name = "goal", color = "#2e7d32" }

P.win_when(P.stays_inside(ball, goal, 2.0), "into the basket!")
P.lose_when(P.below(ball, -3), "the ball flew away")
P.time_limit(15, "no basket")
