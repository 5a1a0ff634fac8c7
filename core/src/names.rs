//! Enums whose variants have stable names: the names a JSON result, the CLI and the npm
//! package's TypeScript declarations give them (wasm-pkg/tests/declarations.rs generates the
//! declared unions from `ALL`). One list per enum, each variant beside its name: `ALL`,
//! `as_str`, `from_name` and `Serialize` all come from it, so a variant cannot exist without
//! its name, nor a declared name lack its variant.

/// `named! { #[derive(…)] pub enum E { /// doc  A = "a", … } }`: the enum, `E::ALL` (every
/// variant, in order), `E::as_str`, `E::from_name` and a `Serialize` that writes the name. Exported for the
/// npm package's own named enums (its error codes).
#[macro_export]
macro_rules! named {
    ($(#[$meta:meta])* pub enum $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )* }) => {
        $(#[$meta])*
        pub enum $name { $( $(#[$vmeta])* $variant, )* }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The stable name.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }

            /// The variant of a stable name.
            pub fn from_name(name: &str) -> Option<$name> {
                match name { $($text => Some($name::$variant),)* _ => None }
            }
        }

        impl $crate::names::Serialize for $name {
            fn serialize<S: $crate::names::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

#[doc(hidden)]
pub use serde::{Serialize, Serializer};
