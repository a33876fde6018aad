-- Seed 004 (NeHe rope): an 80-mass rope of 50 g masses joined by Hooke links
-- (k = 10^4 N/m, internal damping) with air drag, lying partly on the
-- ground; the first mass is driven with the arrow keys. Explicit springs
-- need dt <= 2 ms for this; here it runs at 60 Hz. Headless it just hangs.
scene { title = "Rope: drive the first mass with the arrow keys", camera = {0, 3, 10} }
box { x = 0, y = -0.5, w = 30, h = 1, static = true, friction = 0.4, color = "#557755" }
local r = rope { from = {-2, 4}, to = {6, 4}, segments = 79, mass = 4, radius = 0.05,
                 k = 1e4, damping = 2, linear_damping = 0.2, collide = true }
local hand = r.first
hand.type = "kinematic"
local speed = 3
function update(dt)
  local vx, vy = 0, 0
  if key_down("left") then vx = vx - speed end
  if key_down("right") then vx = vx + speed end
  if key_down("up") then vy = vy + speed end
  if key_down("down") then vy = vy - speed end
  hand.vx, hand.vy = vx, vy
end
function draw(g)
  g:text(-5, 7, "arrow keys: move the rope's end")
end
