-- Seed 000, table 4.1: free fall for 10 s. The solver's kick-drift-kick
-- substeps integrate a constant force exactly, so the error against
-- y = -g t^2 / 2 stays at rounding level.
local measure = require("measure")
scene { title = "Free fall, 10 s", camera = {0, -250, 600} }
world.dt = 0.1
local ball = circle { x = 0, y = 0, r = 0.1, name = "ball" }
world:step(100)
local t = world.time
local exact = -0.5 * 9.81 * t * t
measure.report("time", t)
measure.report("y", ball.y, ("exact %.6f"):format(exact))
measure.report("abs_error", math.abs(ball.y - exact), "physbox must: < 1e-9")
world.dt = 1 / 60
