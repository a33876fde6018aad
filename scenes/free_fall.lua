-- Seed 000, table 4.1: free fall for 10 s at dt = 0.1 (RK4 there: error
-- 3e-13). DESIGN.md §5 asks the `rk4` integrator for an error below 1e-9
-- against y = -g t^2 / 2. Two drops, one after the other: the first with
-- the default integrator (the solver's kick-drift-kick substeps integrate a
-- constant force exactly too), the second with world.integrator = "rk4".
-- Checked by tests/lua_scenes.rs.
local measure = require("measure")
scene { title = "Free fall, 10 s", camera = {0, -250, 600} }
world.dt = 0.1

-- Drop a ball from y = 0 and let it fall 10 s; its error against theory.
local function drop(name)
  local ball = circle { x = 0, y = 0, r = 0.1, name = name }
  local t0 = world.time
  world:step(100)
  local t = world.time - t0
  local exact = -0.5 * 9.81 * t * t
  return t, ball.y, math.abs(ball.y - exact), exact
end

local t, y, err, exact = drop("euler ball")
measure.report("y_euler", y, ("exact %.6f"):format(exact))
measure.report("abs_error_euler", err, "default integrator")

world.integrator = "rk4"
t, y, err, exact = drop("rk4 ball")
measure.report("time", t, "s of the rk4 drop")
measure.report("y", y, ("exact %.6f"):format(exact))
measure.report("abs_error", err, "rk4; physbox must: < 1e-9")
world.integrator = "euler"
world.dt = 1 / 60
