-- Seed 000, experiment 1: two 1 kg discs (r = 2 m), A at rest, B moving at
-- (-1, 0) m/s and spinning at 2 rad/s; e = 1, mu = 0.5, no gravity.
-- Exact answer after the collision: v'A = (-1, -0.5), v'B = (0, 0.5), and
-- spins w' = w - 2 mu u / R (u = 1 m/s, the approach speed): w'A = -0.5,
-- w'B = 1.5 rad/s.
--
-- Two pairs, 10 m apart: the seed's, B starting 0.5 m away (the contact
-- engages speculatively, before the discs touch), and one starting touching.
-- DESIGN.md §5 asks for velocities and spins within 1e-6 in both. Known gap
-- (issue 18): the speculative contact pushes at the middle of the gap left
-- in its step (1/60 m), not on the surfaces, so the spins come out 1/480
-- rad/s (2.1e-3) off; velocities are exact. tests/lua_scenes.rs checks the
-- target (ignored for the speculative spins until the gap closes) and that
-- the gap does not widen.
local measure = require("measure")
scene { title = "Spinning discs (seed 000, exp. 1)", camera = {2, 5, 22} }
world.gravity = {0, 0}

local r, mu = 2, 0.5
local cases = {
  { name = "speculative", y = 0, gap = 0.5 },
  { name = "touching", y = 10, gap = 0 },
}
for _, c in ipairs(cases) do
  c.a = circle { x = 0, y = c.y, r = r, mass = 1, friction = mu, restitution = 1,
                 name = c.name .. " A" }
  c.b = circle { x = 2 * r + c.gap, y = c.y, r = r, mass = 1, friction = mu, restitution = 1,
                 name = c.name .. " B", vx = -1, omega = 2 }
end

function on_contact(p, q, c)
  message(("%s hits %s at (%.3f, %.3f), approach speed %.3f m/s"):format(p.name, q.name, c.x,
          c.y, c.speed))
end

world:step(120)
local u = 1   -- approach speed
local worst_v = 0
for _, c in ipairs(cases) do
  local function report(what, value, expected)
    measure.report(("%s %s"):format(c.name, what), value, ("expected %g"):format(expected))
  end
  report("vA_x", c.a.vx, -1)
  report("vA_y", c.a.vy, -0.5)
  report("vB_x", c.b.vx, 0)
  report("vB_y", c.b.vy, 0.5)
  report("omega_A", c.a.omega, 0 - 2 * mu * u / r)
  report("omega_B", c.b.omega, 2 - 2 * mu * u / r)
  worst_v = math.max(worst_v, math.sqrt((c.a.vx + 1) ^ 2 + (c.a.vy + 0.5) ^ 2),
                     math.sqrt(c.b.vx ^ 2 + (c.b.vy - 0.5) ^ 2))
  c.spin_error = math.max(math.abs(c.a.omega + 2 * mu * u / r),
                          math.abs(c.b.omega - (2 - 2 * mu * u / r)))
end
measure.report("velocity_error", worst_v, "worst |v' - exact| (m/s); physbox must: < 1e-6")
measure.report("spin_error_touching", cases[2].spin_error, "rad/s; physbox must: < 1e-6")
measure.report("spin_error_speculative", cases[1].spin_error,
               "rad/s; physbox must: < 1e-6 (known gap: 2.1e-3)")
