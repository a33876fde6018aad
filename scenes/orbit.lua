-- A central force field from Lua (F = -G M m r / |r|^3, no gravity) keeps a
-- body on a circular orbit: its radius must stay within 1 % over 10 orbits.
local measure = require("measure")
scene { title = "Orbit in a Lua force field", camera = {0, 0, 6} }
world.gravity = {0, 0}
local GM, r0 = 20, 2
local v0 = math.sqrt(GM / r0)
local planet = circle { x = r0, y = 0, vy = v0, r = 0.1, mass = 1, name = "planet" }
circle { x = 0, y = 0, r = 0.3, static = true, color = "#ffcc33" }
force(function(b, t)
  local x, y = b.x, b.y
  local d3 = (x * x + y * y) ^ 1.5
  return -GM * b.mass * x / d3, -GM * b.mass * y / d3
end, { planet })
local period = 2 * math.pi * r0 / v0
local lo, hi = r0, r0
while world.time < 10 * period do
  world:step(1)
  local r = math.sqrt(planet.x ^ 2 + planet.y ^ 2)
  lo, hi = math.min(lo, r), math.max(hi, r)
end
measure.report("orbits", world.time / period)
measure.report("radius_deviation", math.max(hi - r0, r0 - lo) / r0, "physbox must: < 0.01")
