//! # chesscore
//!
//! A chess rules core and playing engine, one library for every platform.
#![warn(missing_docs)]

pub mod engine;
pub mod ffi;
pub mod game;
pub mod notation;
pub mod opening;
pub mod review;
pub mod rules;

uniffi::setup_scaffolding!();

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
