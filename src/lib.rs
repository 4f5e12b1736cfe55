//! # chesscore
//!
//! A chess rules core and playing engine, one library for every platform.
#![warn(missing_docs)]

pub mod engine;
pub mod ffi;
pub mod game;
pub mod notation;
pub mod rules;

uniffi::setup_scaffolding!();
