-- An interactive scene for the window: the scene's own keys, clicks,
-- mouse, drawing and plots. Open it with  physbox scenes/playground.lua
--   A / D     roll the ball (key_down, polled every step)
--   J         jump (on_key)
--   B         a box where the mouse is (mouse())
--   right click: a ball there (on_click)
-- Roll the ball into the green zone on the right.
scene { title = "Playground", camera = {0, 4.3, 14}, background = "#17191f" }

box { x = 0, y = -0.5, w = 40, h = 1, static = true, color = "gray" }
box { x = -12, y = 4, w = 1, h = 9, static = true, color = "gray" }
box { x = 12, y = 4, w = 1, h = 9, static = true, color = "gray" }
polygon { x = -4, y = 0, points = {{-2, 0}, {2, 0}, {2, 1.2}}, static = true, color = "gray" }
for i = 0, 4 do
  box { x = 3, y = 0.4 + i * 0.8, w = 0.8, h = 0.8, color = (i % 2 == 0) and "orange" or "yellow" }
end
local goal = box { x = 10, y = 1, w = 2, h = 2, static = true, sensor = true, color = "green", name = "goal" }
ball = circle { x = -9, y = 1, r = 0.5, color = "cyan", name = "ball", friction = 0.9 }

function update(dt)
  local push = 0
  if key_down("a") then push = push - 1 end
  if key_down("d") then push = push + 1 end
  if push ~= 0 then ball:apply_torque(-push * 6) end
  plot("ball speed", math.sqrt(ball.vx ^ 2 + ball.vy ^ 2))
end

function on_key(key, pressed)
  if not pressed then return end
  if key == "j" then ball:apply_impulse(0, 4) end
  if key == "b" then
    local x, y = mouse()
    box { x = x, y = y, w = 0.6, h = 0.6, color = "purple" }
  end
end

function on_click(x, y, button)
  if button == "right" then circle { x = x, y = y, r = 0.3, color = "pink" } end
end

function on_sensor(sensor, body, entered)
  if entered and sensor == goal and body == ball then win("the ball reached the goal") end
end

function draw(g)
  local x, y = mouse()
  g:line(ball.x, ball.y, x, y, "#3a4050")
  g:circle(ball.x, ball.y, 0.8, "cyan")
  g:text(-2.5, 10, "A/D roll   J jump   B box at mouse   right click: ball", "#9aa0b0")
  g:rect(10, 1, 2.2, 2.2, "green")
end
