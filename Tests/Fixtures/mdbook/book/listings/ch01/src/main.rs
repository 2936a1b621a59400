use std::io;

// ANCHOR: main
fn main() {
    // ANCHOR: print
    println!("Guess the number!");
    // ANCHOR_END: print
    let x = 5;
}
// ANCHOR_END: main

# fn hidden() {}
