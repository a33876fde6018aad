-- The gallery: the first scene physbox opens. Five live exhibits side by
-- side, each labelled with what to press and the scene file that has more.
-- Everything can be dragged with the mouse; Tab lists every scene.
scene { title = "physbox gallery: try the keys on the labels, drag anything, Tab for all scenes",
        about = "five live exhibits: springs, a ragdoll, a car to drive, wind, a mini puzzle",
        camera = {0, 6, 24}, background = "#1b1d24" }
world.bounds = {-60, -20, 60, 60}

box { x = 0, y = -0.5, w = 80, h = 1, static = true, color = "#4a5a4a", name = "ground" }
local labels = {}
local function label(x, y, text, color) labels[#labels + 1] = { x, y, text, color or "#d0d0d0" } end

-- 1. Springs and a rope: a plank hung from two springs, a weight on a rope.
local bar = box { x = -15, y = 11, w = 6, h = 0.3, static = true, color = "#8a8a8a" }
local plank = box { x = -15, y = 6.5, w = 4, h = 0.3, color = "#d4a017", name = "plank" }
spring { a = bar, b = plank, anchor_a = {-16.5, 11}, anchor_b = {-16.5, 6.5}, k = 80, damping = 1 }
spring { a = bar, b = plank, anchor_a = {-13.5, 11}, anchor_b = {-13.5, 6.5}, k = 80, damping = 1 }
local weight = circle { x = -15, y = 3.5, r = 0.45, density = 3, color = "#e53935", name = "weight" }
rope { from = {-15, 6.35}, to = {-15, 3.95}, segments = 8, mass = 0.2, a = plank, b = weight }
label(-18.5, 13.2, "springs + rope: drag", "#ffd54f")
label(-18.5, 12.5, "springs.lua")

-- 2. A ragdoll: J throws it up.
local function ragdoll(x, y)
  local torso = box { x = x, y = y, w = 0.5, h = 0.9, density = 2, color = "#64b5f6", name = "ragdoll" }
  local head = circle { x = x, y = y + 0.7, r = 0.22, density = 2, color = "#90caf9" }
  hinge { a = torso, b = head, at = {x, y + 0.5}, limits = {-0.5, 0.5} }
  for _, s in ipairs({ {-0.3, 0.35, -1, 0}, {0.3, 0.35, 1, 0}, {-0.15, -0.45, 0, -1}, {0.15, -0.45, 0, -1} }) do
    local px, py, dx, dy = x + s[1], y + s[2], s[3], s[4]
    local limb = box { x = px + dx * 0.3, y = py + dy * 0.3, w = dx ~= 0 and 0.6 or 0.18,
                       h = dx ~= 0 and 0.18 or 0.6, density = 2, color = "#64b5f6" }
    hinge { a = torso, b = limb, at = {px, py}, limits = {-1.2, 1.2} }
  end
  return torso
end
local doll = ragdoll(-7, 2)
label(-9.5, 13.2, "ragdoll: press J", "#ffd54f")
label(-9.5, 12.5, "ragdoll.lua")

-- 3. A car: Left / Right drive it.
local chassis = box { x = 0, y = 1.2, w = 2.4, h = 0.4, density = 2, color = "#cc4444", name = "car" }
local rear = circle { x = -0.8, y = 0.6, r = 0.4, friction = 1.2, color = "#bbbbbb" }
local front = circle { x = 0.8, y = 0.6, r = 0.4, friction = 1.2, color = "#bbbbbb" }
-- Wheel joints: sprung along the chassis' vertical, the rear one motorised.
local motor = wheel { a = chassis, b = rear, at = {-0.8, 0.6}, k = 400, damping = 20, motor = {0, 60} }
wheel { a = chassis, b = front, at = {0.8, 0.6}, k = 400, damping = 20 }
polygon { x = 3.5, y = 0, points = {{-1.5, 0}, {1.5, 0}, {1.5, 0.5}}, static = true, color = "#8a8a8a" }
label(-2, 13.2, "car: Left / Right", "#ffd54f")
label(-2, 12.5, "car.lua")

-- 4. Wind: hold W and the boxes in the column fly.
local wind = false
for i = 0, 5 do box { x = 7 + (i % 2) * 0.9, y = 0.4 + i * 0.8, w = 0.7, h = 0.7, color = "#81c784", name = "wind" .. i } end
force(function(b, t)
  if wind and b.x > 5.5 and b.x < 10 and b.y < 12 then return 0, 25 * b.mass end
  return 0, 0
end)
label(5.5, 13.2, "wind: hold W", "#ffd54f")
label(5.5, 12.5, "force_field.lua")

-- 5. A mini puzzle: click above the funnel to drop a ball into the cup.
segment { x1 = 12, y1 = 6, x2 = 14.5, y2 = 4, color = "#8a8a8a" }
segment { x1 = 18, y1 = 6, x2 = 15.5, y2 = 4, color = "#8a8a8a" }
box { x = 13.5, y = 0.6, w = 0.2, h = 1.2, static = true, color = "#8a8a8a" }
box { x = 16.5, y = 0.6, w = 0.2, h = 1.2, static = true, color = "#8a8a8a" }
local cup = box { x = 15, y = 0.5, w = 2.8, h = 1, static = true, sensor = true, color = "#2e7d32" }
local caught = 0
function on_sensor(s, b, entered)
  if s == cup and entered then caught = caught + 1; message("caught " .. caught) end
end
function on_click(x, y, button)
  if x > 11 and x < 19 then circle { x = x, y = math.max(y, 7), r = 0.3, restitution = 0.3, color = "#ffb74d" } end
end
label(12, 13.2, "puzzle: click above", "#ffd54f")
label(12, 12.5, "puzzles/01_bridge.lua")

function on_key(key, down)
  if key == "j" and down then doll:apply_impulse(1.5 * doll.mass, 9 * doll.mass) end
end

function update(dt)
  wind = key_down("w")
  if key_down("left") then motor.motor_speed = 12
  elseif key_down("right") then motor.motor_speed = -12
  else motor.motor_speed = 0 end
end

function draw(g)
  for _, l in ipairs(labels) do g:text(l[1], l[2], l[3], l[4]) end
  g:text(12, 11.8, "caught: " .. caught, "#d0d0d0")
end
