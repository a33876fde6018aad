-- Seed 000, experiment 1: two 1 kg discs (r = 2 m), A at rest, B moving at
-- (-1, 0) m/s and spinning at 2 rad/s; e = 1, mu = 0.5, no gravity.
-- Exact answer after the collision: v'A = (-1, -0.5), v'B = (0, 0.5).
local measure = require("measure")
scene { title = "Spinning discs (seed 000, exp. 1)", camera = {2, 0, 8} }
world.gravity = {0, 0}

local a = circle { x = 0, y = 0, r = 2, mass = 1, friction = 0.5, restitution = 1, name = "A" }
local b = circle { x = 4.5, y = 0, r = 2, mass = 1, friction = 0.5, restitution = 1, name = "B",
                   vx = -1, omega = 2 }

function on_contact(p, q, c)
  message(("contact at (%.3f, %.3f), approach speed %.3f m/s"):format(c.x, c.y, c.speed))
end

world:step(120)
measure.report("vA_x", a.vx, "expected -1")
measure.report("vA_y", a.vy, "expected -0.5")
measure.report("vB_x", b.vx, "expected 0")
measure.report("vB_y", b.vy, "expected 0.5")
