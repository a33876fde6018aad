-- The benchmark's ball pit (`cargo bench --bench compare -- ball_pit`), as a
-- scene: 200 balls (r 0.4, density 1, friction 0.6) dropped in a 20 x 10
-- grid into a 30 m box, piling up, with sleeping off and Box2D's gravity, so
-- the HUD's step time and `physbox run scenes/ball_pit.lua --headless` can
-- be read against the benchmark's ms/step for the same scene.
-- Change `balls` (50, 800, 2000: the benchmark's other sizes) and save.
scene { title = "Ball pit", about = "the benchmark's 200-ball pile: compare the HUD's step time" }
world.gravity = {0, -10}
world.sleep = false

local balls = 200
local columns = balls < 200 and math.min(balls, 10) or 20
local top = 1 + (balls - 1) // columns
local height = top + 5
-- One static body: the floor and both walls (as the benchmark builds it).
local pit = box { x = 0, y = -0.5, w = 32, h = 1, static = true, friction = 0.6 }
pit:add_box { x = -15.5, y = height / 2 + 0.5, w = 1, h = height, friction = 0.6 }
pit:add_box { x = 15.5, y = height / 2 + 0.5, w = 1, h = height, friction = 0.6 }
for i = 0, balls - 1 do
  local row, col = i // columns, i % columns
  local shift = row % 2 == 1 and 0.25 or 0
  circle { x = col - 0.5 * (columns - 1) + shift, y = 1 + row, r = 0.4, friction = 0.6 }
end
