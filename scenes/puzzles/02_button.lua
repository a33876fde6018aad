-- Puzzle 2 of 5: Press the button.
-- Teaches: sensors and events. The red ball waits behind a gate. The gate
-- opens when something lands in the button (the sensor in the cup on the
-- right): on_sensor fires, the scene removes the gate. Drop your ball in
-- the cup, then watch the red ball roll into the green zone.
local P = require("puzzle")

scene { title = "2. Press the button: drop a ball in the cup", camera = {0, 1.8, 9.5} }
tools { circle = 1 }
next_scene("03_springboard.lua")

local grey = "#5d6d7e"
box { x = 0, y = -0.5, w = 16, h = 1, static = true, name = "floor", color = grey }
box { x = -5.3, y = 1.3, w = 5, h = 0.2, angle = -0.35, static = true, name = "ramp", color = grey }
local gate = box { x = -1.5, y = 1, w = 0.3, h = 2, static = true, name = "gate", color = "#8e24aa" }

-- The cup with the button in it, which also stops the ball in the goal.
box { x = 5.6, y = 0.6, w = 0.2, h = 1.2, static = true, name = "cup wall", color = grey }
box { x = 7.0, y = 0.6, w = 0.2, h = 1.2, static = true, name = "cup wall", color = grey }
local button = box { x = 6.3, y = 0.25, w = 1.2, h = 0.5, static = true, sensor = true, name = "button", color = "#fdd835" }

local goal = box { x = 4, y = 0.75, w = 2.6, h = 1.5, static = true, sensor = true, name = "goal", color = "#2e7d32" }
local ball = circle { x = -7.4, y = 2.4, r = 0.3, name = "ball", color = "#e53935" }

local open = false
function on_sensor(sensor, body, entered)
  if sensor == button and entered and body ~= ball and not open then
    open = true
    gate:destroy()
    message("click — the gate is open")
  end
end

P.win_when(P.stays_inside(ball, goal, 1.0), "the button opened the gate")
P.time_limit(15, "the gate stayed shut")
