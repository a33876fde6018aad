fn main() {
    println!("physbox {}", env!("CARGO_PKG_VERSION"));
}
