---@meta physbox
-- Editor support for physbox scenes (Lua Language Server / sumneko).
-- This file is never run: it only describes the API of docs/lua-api.md so
-- the editor can complete names, show docs and check types.
-- Enable it with a .luarc.json next to your scenes, see README.md.

---@alias physbox.Point number[] # `{x, y}`
---@alias physbox.BodyType "dynamic"|"static"|"kinematic"
---@alias physbox.Color string # `"#rrggbb"` or a name: red, green, blue, yellow, orange, purple, pink, brown, cyan, magenta, gray, white, black

---Options every body constructor takes.
---@class physbox.BodyOptions
---@field x? number # origin x (m), default 0
---@field y? number # origin y (m), default 0
---@field angle? number # radians, counter-clockwise, default 0
---@field vx? number # velocity of the centre of mass (m/s), default 0
---@field vy? number # default 0
---@field omega? number # angular velocity (rad/s), default 0
---@field type? physbox.BodyType # default "dynamic" ("static" for segment)
---@field static? boolean # shorthand for type = "static"
---@field density? number # kg/m², default 1
---@field mass? number # kg, overrides density
---@field friction? number # default 0.6; pairs mix as sqrt(fa * fb)
---@field restitution? number # default 0; pairs mix as max(ea, eb)
---@field bullet? boolean # continuous collision against moving bodies too, default false
---@field sensor? boolean # reports overlaps (on_sensor), no collision response
---@field fixed_rotation? boolean # default false
---@field linear_damping? number # default 0
---@field angular_damping? number # default 0
---@field gravity_scale? number # default 1
---@field name? string
---@field color? physbox.Color
---@field group? integer # bodies sharing a non-zero group never collide

---@class physbox.CircleOptions: physbox.BodyOptions
---@field r number # radius (m), required

---@class physbox.BoxOptions: physbox.BodyOptions
---@field w number # full width (m), required
---@field h number # full height (m), required

---@class physbox.PolygonOptions: physbox.BodyOptions
---@field points physbox.Point[] # relative to (x, y), any winding; concave is split into convex pieces
---@field radius? number # rounded corners, default 0

---@class physbox.SegmentOptions: physbox.BodyOptions
---@field x1 number
---@field y1 number
---@field x2 number
---@field y2 number

---Options of the extra shapes of a compound body (offsets relative to the body).
---@class physbox.ShapeOptions
---@field x? number
---@field y? number
---@field angle? number
---@field density? number
---@field friction? number
---@field restitution? number
---@field sensor? boolean
---@field group? integer

---@class physbox.AddCircleOptions: physbox.ShapeOptions
---@field r number

---@class physbox.AddBoxOptions: physbox.ShapeOptions
---@field w number
---@field h number

---@class physbox.AddPolygonOptions: physbox.ShapeOptions
---@field points physbox.Point[]
---@field radius? number

---A body handle. A destroyed body's handle raises a clear error on use.
---@class Body
---@field x number # origin x (read/write)
---@field y number # origin y (read/write)
---@field angle number # radians (read/write); reads back in (-pi, pi]
---@field vx number # centre-of-mass velocity (read/write)
---@field vy number
---@field omega number # angular velocity (read/write)
---@field type physbox.BodyType # (read/write)
---@field name string? # (read/write)
---@field color string? # "#rrggbb" (read/write)
---@field awake boolean # (read/write)
---@field bullet boolean # (read/write)
---@field gravity_scale number # (read/write)
---@field friction number # of every shape (read/write)
---@field restitution number # of every shape (read/write)
---@field mass number # kg (read only)
---@field inertia number # about the centre of mass (read only)
---@field id integer # stable id, 1, 2, ... in creation order (read only)
---@field alive boolean # false once destroyed (read only; name and source stay readable too)
---@field force (fun(body: Body, t: number): number, number, number?)|nil # custom force, once per step
local Body = {}

---@return number x, number y # the origin
function Body:position() end
---@return number vx, number vy
function Body:velocity() end
---@return number x, number y # world centre of mass
function Body:center() end
---A force at a world point (default: centre of mass) for one step.
---@param fx number
---@param fy number
---@param px? number
---@param py? number
function Body:apply_force(fx, fy, px, py) end
---@param jx number
---@param jy number
---@param px? number
---@param py? number
function Body:apply_impulse(jx, jy, px, py) end
---@param t number
function Body:apply_torque(t) end
---@return number x, number y
function Body:world_point(lx, ly) end
---@return number lx, number ly
function Body:local_point(x, y) end
---@return number joules # translational + rotational
function Body:kinetic_energy() end
function Body:destroy() end
---@param o physbox.AddCircleOptions
function Body:add_circle(o) end
---@param o physbox.AddBoxOptions
function Body:add_box(o) end
---@param o physbox.AddPolygonOptions
function Body:add_polygon(o) end

---@class World
---@field gravity physbox.Point # default {0, -9.81}
---@field dt number # fixed step (s), default 1/60
---@field substeps integer # default 4
---@field sleep boolean # default true
---@field integrator "euler"|"rk4"
---@field contact_hertz number
---@field contact_damping number
---@field keep_manifolds boolean # default true: resting polygon contacts skip the narrow phase
---@field smooth_seams boolean # default true: flush static tiles and segments make one smooth surface; false: their corners catch
---@field bounds number[]? # {x1, y1, x2, y2}: bodies leaving it are destroyed
---@field time number # read only
---@field steps integer # read only
---@field seed integer # math.random's seed (default 0); setting it restarts the sequence
world = {}
---@return Body[] # creation order
function world:bodies() end
---@return Body?
function world:find(name) end
---@return Body[]
function world:query_point(x, y) end
---@return Body? body, number hit_x, number hit_y, number normal_x, number normal_y, number fraction
function world:raycast(x1, y1, x2, y2) end
---@return number joules
function world:energy() end
---Advance n fixed steps now (default 1). Only while the scene builds; all calls
---of one load share 20 s of physics time.
---@param n? integer
function world:step(n) end

---@param o physbox.CircleOptions
---@return Body
function circle(o) end
---@param o physbox.BoxOptions
---@return Body
function box(o) end
---@param o physbox.PolygonOptions
---@return Body
function polygon(o) end
---@param o physbox.SegmentOptions
---@return Body
function segment(o) end

---@class ForceField
local ForceField = {}
function ForceField:destroy() end

---A force field on every dynamic body (or the listed ones), once per step.
---@param f fun(body: Body, t: number): number, number, number?
---@param bodies? Body[]
---@return ForceField
function force(f, bodies) end

---@class physbox.JointOptions
---@field a Body # required
---@field b? Body # omitted: held to the world
---@field collide? boolean # may a and b collide? default false
---@field breaking_force? number # N; above it the joint breaks (on_break)
---@field color? physbox.Color # how it is drawn; default by kind (springs yellow)
---@field hidden? boolean # not drawn at all, default false
---@field style? physbox.JointStyle # default: springs coil when they have room on screen, else a line

---@alias physbox.JointStyle "coil"|"line"

---@class physbox.SpringOptions: physbox.JointOptions
---@field anchor_a? physbox.Point # world point, default a's centre
---@field anchor_b? physbox.Point # world point, default b's centre (required without b)
---@field length? number # rest length, default the current distance
---@field k? number # N/m, default 100; any value is stable
---@field damping? number # N·s/m, default 0

---@class physbox.DistanceOptions: physbox.JointOptions
---@field anchor_a? physbox.Point
---@field anchor_b? physbox.Point # required without b
---@field length? number # rigid rod length, default the current distance
---@field min? number # with min/max: free between them (a rope with max only)
---@field max? number

---@class physbox.HingeOptions: physbox.JointOptions
---@field at? physbox.Point # pivot, default a's centre
---@field limits? number[] # {lo, hi} radians from the creation pose (b relative to a; a's own without b)
---@field motor? number[] # {speed (rad/s), max_torque (N·m)} (b relative to a; a's own without b)

---@class physbox.WeldOptions: physbox.JointOptions
---@field at? physbox.Point

---@class physbox.SliderOptions: physbox.JointOptions
---@field at? physbox.Point # a point on b's line of motion, default b's centre (any point gives the same motion)
---@field axis? physbox.Point # world direction, default {1, 0}
---@field limits? number[] # {lo, hi} metres from the creation pose
---@field motor? number[] # {speed (m/s), max_force (N)}

---@class physbox.WheelOptions: physbox.JointOptions
---@field at? physbox.Point # the wheel's centre (default b's centre of mass)
---@field axis? physbox.Point # suspension direction (world, turns with a), default {0, 1}
---@field k? number # suspension stiffness along the axis, N/m (default 100; 0: free travel)
---@field damping? number # suspension damping, N·s/m (default 0)
---@field limits? number[] # {lo, hi} travel along the axis, metres from the creation pose
---@field motor? number[] # {speed (rad/s, b relative to a), max_torque (N·m)}

---@class physbox.MouseJointOptions
---@field a Body
---@field at? physbox.Point # the grabbed point, default a's centre
---@field target? physbox.Point # default `at`
---@field max_force? number # N, default 1000 × a's mass
---@field hertz? number # default 5
---@field damping_ratio? number # default 0.7
---@field color? physbox.Color # default light blue
---@field hidden? boolean
---@field style? physbox.JointStyle

---@class physbox.RopeOptions
---@field from physbox.Point
---@field to physbox.Point
---@field segments? integer # default 20 (segments + 1 masses)
---@field length? number # rest length (m), at least the from–to distance (default: that distance); longer hangs slack
---@field slack? number # instead of length: 0.2 = 20 % longer than from–to (0 or more)
---@field mass? number # total kg, default 1
---@field radius? number # of each mass, default 0.05
---@field k? number # nil: inextensible; a number: Hooke links (N/m)
---@field damping? number # k = nil: internal damping rate, 1/s (default 0.8: the swing stops under its pins; a rope pinned to nothing still falls freely; 0 keeps the energy); with k: N·s/m of the Hooke links, default 0
---@field collide? boolean # masses collide with the world, default true
---@field a? Body # the first mass is pinned to it at `from`
---@field b? Body # the last mass is pinned to it at `to`
---@field friction? number
---@field linear_damping? number # air drag of each mass
---@field color? physbox.Color # its masses, its curve and its pins
---@field hidden? boolean # the curve and pins not drawn (the masses are)

---@class Joint
---@field breaking_force number? # N (read/write); nil = unbreakable
---@field motor_speed number? # hinges/sliders/wheels with a motor (read/write)
---@field kind "spring"|"distance"|"hinge"|"weld"|"slider"|"wheel"|"mouse" # read only
---@field a Body # read only
---@field b Body? # read only; nil when held to the world
---@field alive boolean # false once destroyed or broken
---@field color string? # "#rrggbb" or nil for the kind's colour (read/write)
---@field hidden boolean # read/write
---@field style physbox.JointStyle? # nil: springs pick by their length on screen (read/write)
local Joint = {}
function Joint:destroy() end
---@return number fx, number fy # force on b (or the world) in the last step, N
function Joint:reaction_force() end
---@return number torque # N·m
function Joint:reaction_torque() end
---@return number x1, number y1, number x2, number y2
function Joint:anchors() end
---Mouse joints: move the target.
function Joint:set_target(x, y) end

---@class Rope
---@field bodies Body[] # first to last
---@field first Body
---@field last Body
---@field joints Joint[] # links, pins and the tether
---@field links Joint[]
local Rope = {}
---@return number # current length along the chain (m)
function Rope:length() end
---@return number fx, number fy # at the first pin (or link)
function Rope:reaction_force() end
function Rope:destroy() end

---@param o physbox.SpringOptions
---@return Joint
function spring(o) end
---@param o physbox.DistanceOptions
---@return Joint
function distance(o) end
---@param o physbox.HingeOptions
---@return Joint
function hinge(o) end
---@param o physbox.WeldOptions
---@return Joint
function weld(o) end
---@param o physbox.SliderOptions
---@return Joint
function slider(o) end
---@param o physbox.WheelOptions
---@return Joint
function wheel(o) end
---@param o physbox.MouseJointOptions
---@return Joint
function mouse_joint(o) end
---@param o physbox.RopeOptions
---@return Rope
function rope(o) end

---@class physbox.SceneOptions
---@field title? string
---@field about? string # one line for the scene picker (Tab)
---@field camera? number[] # {x, y, zoom}: zoom = metres from the bottom of the view to the top
---@field background? physbox.Color
---@field keys? string[] # keys the scene takes from the window ({"space"}: pause moves to P)
---@field margin? number|{top?: number, right?: number, bottom?: number, left?: number} # pixels kept for panels
---@param o physbox.SceneOptions
function scene(o) end

---@class physbox.FollowOptions
---@field smooth? number # 0 locked on the body .. under 1 glides
---@field offset? number[] # {dx, dy} metres added to the body's position

---@class physbox.Camera
---@field x number? # centre of the view (nil until set or fitted)
---@field y number?
---@field zoom number? # metres visible from the bottom of the view to the top
---@field following Body? # the body followed, or nil
local Camera = {}
---Follow a body after every step (the user's pan or zoom pauses it; F resumes).
---@param body Body
---@param opts? physbox.FollowOptions
function Camera:follow(body, opts) end
---Stop following; the view stays where it is.
function Camera:unfollow() end
---Where the view looks (window and headless pictures alike).
---@type physbox.Camera
camera = {}
---@param text any
function message(text) end
---@param text any
function win(text) end
---@param text any
function lose(text) end
---The parts a puzzle's player may place, and how many of each: box (0.5 m),
---circle (r 0.25 m), plank (2 x 0.2 m), spring (a springboard), polygon
---(a 1 x 0.5 m wedge), segment (a 2 m ledge nailed in place). A scene with
---tools{} opens in build mode.
---@param o table<"circle"|"box"|"plank"|"spring"|"polygon"|"segment", integer>
function tools(o) end
---Where N (or Enter) goes after a win, relative to this scene's folder.
---@param file string
function next_scene(file) end
---Call `fn(dt)` after every step, after `update(dt)` (for helper modules:
---scripts/puzzle.lua's timers and goals use it).
---@param fn fun(dt: number)
function every_step(fn) end
---@param name string
---@param value number
function plot(name, value) end
---@param key string
---@return boolean
function key_down(key) end
---@return number x, number y
function mouse() end

---@class DrawContext
local DrawContext = {}
function DrawContext:line(x1, y1, x2, y2, color) end
function DrawContext:circle(x, y, r, color) end
function DrawContext:rect(x, y, w, h, color) end
function DrawContext:text(x, y, s, color) end

-- Callbacks a scene may define (globals):
---@type fun(dt: number)?
update = nil
---@type fun(a: Body, b: Body, c: {x: number, y: number, nx: number, ny: number, speed: number})?
on_contact = nil
---@type fun(a: Body, b: Body)?
on_separate = nil
---@type fun(sensor: Body, body: Body, entered: boolean)?
on_sensor = nil
---@type fun(key: string, pressed: boolean)?
on_key = nil
---@type fun(x: number, y: number, button: "left"|"right")?
on_click = nil
---@type fun(joint: Joint)?
on_break = nil
---@type fun(g: DrawContext)?
draw = nil
