//! A small JSON writer: results cross the boundary as one JSON text that JavaScript turns
//! into objects with one `JSON.parse` call. Building objects field by field through
//! wasm-bindgen costs a boundary crossing per field and per string; one string costs one
//! decode, and needs no serde monomorphization per type (the wasm stays small).

/// A JSON text under construction. Commas are placed by the writer: call `key` then a
/// value inside objects, values alone inside arrays.
pub struct Json {
    buf: String,
    /// At the start of a container or right after a key: the next value needs no comma.
    fresh: bool,
}

impl Json {
    pub fn new() -> Self {
        Json { buf: String::new(), fresh: true }
    }

    pub fn with_capacity(bytes: usize) -> Self {
        Json { buf: String::with_capacity(bytes), fresh: true }
    }

    pub fn finish(self) -> String {
        self.buf
    }

    fn sep(&mut self) {
        if !self.fresh {
            self.buf.push(',');
        }
        self.fresh = false;
    }

    pub fn obj(&mut self) -> &mut Self {
        self.sep();
        self.buf.push('{');
        self.fresh = true;
        self
    }

    pub fn end_obj(&mut self) -> &mut Self {
        self.buf.push('}');
        self.fresh = false;
        self
    }

    pub fn arr(&mut self) -> &mut Self {
        self.sep();
        self.buf.push('[');
        self.fresh = true;
        self
    }

    pub fn end_arr(&mut self) -> &mut Self {
        self.buf.push(']');
        self.fresh = false;
        self
    }

    /// An object key (written as given: keys are ASCII identifiers).
    pub fn key(&mut self, k: &str) -> &mut Self {
        self.sep();
        self.buf.push('"');
        self.buf.push_str(k);
        self.buf.push_str("\":");
        self.fresh = true;
        self
    }

    pub fn str(&mut self, s: &str) -> &mut Self {
        self.sep();
        self.buf.push('"');
        let bytes = s.as_bytes();
        let mut from = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b >= 0x20 && b != b'"' && b != b'\\' {
                continue;
            }
            self.buf.push_str(&s[from..i]);
            match b {
                b'"' => self.buf.push_str("\\\""),
                b'\\' => self.buf.push_str("\\\\"),
                b'\n' => self.buf.push_str("\\n"),
                b'\r' => self.buf.push_str("\\r"),
                b'\t' => self.buf.push_str("\\t"),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    self.buf.push_str("\\u00");
                    self.buf.push(HEX[(b >> 4) as usize] as char);
                    self.buf.push(HEX[(b & 15) as usize] as char);
                }
            }
            from = i + 1;
        }
        self.buf.push_str(&s[from..]);
        self.buf.push('"');
        self
    }

    pub fn num(&mut self, n: u64) -> &mut Self {
        self.sep();
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        let mut n = n;
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        // Only ASCII digits were written.
        self.buf.push_str(std::str::from_utf8(&digits[i..]).unwrap_or("0"));
        self
    }

    pub fn bool(&mut self, b: bool) -> &mut Self {
        self.sep();
        self.buf.push_str(if b { "true" } else { "false" });
        self
    }

    pub fn null(&mut self) -> &mut Self {
        self.sep();
        self.buf.push_str("null");
        self
    }

    pub fn opt_str(&mut self, s: Option<&str>) -> &mut Self {
        match s {
            Some(s) => self.str(s),
            None => self.null(),
        }
    }

    /// `"k": "v"`.
    pub fn field(&mut self, k: &str, v: &str) -> &mut Self {
        self.key(k).str(v)
    }

    /// `"k": n`.
    pub fn field_num(&mut self, k: &str, n: u64) -> &mut Self {
        self.key(k).num(n)
    }

    /// `"k": "v"` or `"k": null`.
    pub fn field_opt(&mut self, k: &str, v: Option<&str>) -> &mut Self {
        self.key(k).opt_str(v)
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn writes_valid_json_with_escapes_and_commas() {
        let mut w = Json::new();
        w.obj().field("a", "x\"y\\z\n\u{1}—").key("b").arr().num(0).num(1234567890).null().bool(true).end_arr();
        w.field_opt("c", None).key("d").obj().end_obj().end_obj();
        assert_eq!(w.finish(), r#"{"a":"x\"y\\z\n\u0001—","b":[0,1234567890,null,true],"c":null,"d":{}}"#);
    }
}
