-- Stress: it rains circles and small boxes onto a bowl for the whole run;
-- bodies that fall out of the bounds are destroyed.
scene { title = "Rain", camera = {0, 10, 40} }
world.bounds = {-60, -20, 60, 80}
segment { x1 = -20, y1 = 10, x2 = -10, y2 = 0 }
segment { x1 = -10, y1 = 0, x2 = 10, y2 = 0 }
segment { x1 = 10, y1 = 0, x2 = 20, y2 = 10 }
local seed = 12345
local function rand()   -- small LCG: same rain every run
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end
local made = 0
function update(dt)
  if world.steps % 4 == 0 and made < 600 then
    local x = -15 + 30 * rand()
    if rand() < 0.5 then
      circle { x = x, y = 30, r = 0.2 + 0.3 * rand(), restitution = 0.2 }
    else
      box { x = x, y = 30, w = 0.3 + 0.4 * rand(), h = 0.3 + 0.4 * rand(), angle = rand() * 3 }
    end
    made = made + 1
  end
  if world.steps % 60 == 0 then plot("bodies", #world:bodies()) end
end
