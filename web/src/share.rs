//! Share links (README.md, "share link"): `BASE#share=<base64url of the deflate-raw compressed text>&name=<file
//! name>`, as `memento share` writes them. The file travels in the URL fragment, which a
//! browser never sends to a server; opening the link shows it read-only.


/// A file opened from a share link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    pub name: String,
    pub text: String,
}

/// The largest text a link may unpack to: a memory file, not a decompression bomb.
const MAX_TEXT: usize = 32 << 20;

/// Whether a location fragment is a share link (`#share=…`).
pub fn is_link(fragment: &str) -> bool {
    data_and_name(fragment).0.is_some()
}

/// The `share` and `name` parameters of a fragment.
fn data_and_name(fragment: &str) -> (Option<&str>, Option<&str>) {
    let params = fragment.strip_prefix('#').unwrap_or(fragment);
    let (mut data, mut name) = (None, None);
    for pair in params.split('&') {
        match pair.split_once('=') {
            Some(("share", value)) => data = Some(value),
            Some(("name", value)) => name = Some(value),
            _ => {}
        }
    }
    (data, name)
}

/// The shared file of a location fragment (`#share=…&name=…`): `None` when the fragment is
/// no share link, and for a broken one what is wrong with it. The browser's own
/// `DecompressionStream("deflate-raw")` unpacks it: an inflater in the wasm would cost the
/// dashboard's size budget (bench/README.md) what every current browser has built in.
pub async fn open(fragment: &str) -> Option<Result<Shared, String>> {
    let (data, name) = data_and_name(fragment);
    Some(read(data?, name).await)
}

async fn read(data: &str, name: Option<&str>) -> Result<Shared, String> {
    let bytes = base64url_decode(data).ok_or_else(|| "its data is not base64url (was the link cut short?)".to_owned())?;
    let input = js_sys::Uint8Array::from(bytes.as_slice());
    let inflated = transform("DecompressionStream", &input.into(), MAX_TEXT)
        .await
        .map_err(|_| "its data does not decompress (was the link cut short or edited?)".to_owned())?;
    let text = String::from_utf8(inflated).map_err(|_| "it does not hold UTF-8 text".to_owned())?;
    let name = name
        .and_then(|n| js_sys::decode_uri_component(n).ok())
        .map(String::from)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "shared.md".to_owned());
    Ok(Shared { name, text })
}

/// The share link of `text` under `base` (the page's own address, without its fragment). The
/// text is compressed by the browser's own `CompressionStream("deflate-raw")` (the format
/// `memento share` writes and [`open`] reads).
pub async fn link(base: &str, name: &str, text: &str) -> Result<String, String> {
    let data = transform("CompressionStream", &text.into(), usize::MAX)
        .await
        .map_err(|_| "this browser cannot compress a share link (no CompressionStream): use Export HTML".to_owned())?;
    let data = base64url_encode(&data);
    let name = String::from(js_sys::encode_uri_component(name));
    Ok(format!("{base}#share={data}&name={name}"))
}

/// base64url's alphabet (RFC 4648, section 5).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as base64url without padding, as `memento share` writes a link's data. By hand:
/// a base64 crate compiles an engine of its own into the dashboard's size budget.
fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

/// The bytes of base64url text (padded or not); `None` for a character outside the
/// alphabet or a length no encoding gives.
fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=').as_bytes();
    if text.len() % 4 == 1 {
        return None;
    }
    let value = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        }))
    };
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.chunks(4) {
        let mut n = 0;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// `part` (a string or bytes) through `new <class>("deflate-raw")`, read chunk by chunk: an
/// error once the output passes `limit` bytes.
async fn transform(class: &str, part: &wasm_bindgen::JsValue, limit: usize) -> Result<Vec<u8>, wasm_bindgen::JsValue> {
    use js_sys::{Array, Function, Reflect};
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let global = js_sys::global();
    let method = |on: &wasm_bindgen::JsValue, name: &str| Reflect::get(on, &name.into()).and_then(|m| m.dyn_into::<Function>().map_err(Into::into));
    let class = Reflect::get(&global, &class.into())?.dyn_into::<Function>()?;
    let stream = Reflect::construct(&class, &Array::of1(&"deflate-raw".into()))?;
    // `new Blob([part])` takes a string or bytes alike.
    let blob = web_sys::Blob::new_with_u8_array_sequence(&Array::of1(part))?;
    let source = method(&blob, "stream")?.call0(&blob)?;
    let output = method(&source, "pipeThrough")?.call1(&source, &stream)?;
    let reader = method(&output, "getReader")?.call0(&output)?;
    let read = method(&reader, "read")?;
    let mut out = Vec::new();
    loop {
        let chunk = JsFuture::from(js_sys::Promise::from(read.call0(&reader)?)).await?;
        if Reflect::get(&chunk, &"done".into())?.is_truthy() {
            return Ok(out);
        }
        out.extend(js_sys::Uint8Array::new(&Reflect::get(&chunk, &"value".into())?).to_vec());
        if out.len() > limit {
            let _ = method(&reader, "cancel").and_then(|cancel| cancel.call0(&reader));
            return Err("too large".into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_is_rfc_4648_without_padding_and_reads_back() {
        // RFC 4648's test vectors, padding left off; the two characters base64url changes.
        for (bytes, text) in [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")] {
            assert_eq!(base64url_encode(bytes.as_bytes()), text);
            assert_eq!(base64url_decode(text).as_deref(), Some(bytes.as_bytes()));
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("-_8="), Some(vec![0xfb, 0xff]), "padding is read past");
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(base64url_decode(&base64url_encode(&all)), Some(all));
        for broken in ["Z", "Zm9vY", "Zm+v", "Zm/v", "Zm 9v", "Zm9vYmFyé"] {
            assert_eq!(base64url_decode(broken), None, "{broken}");
        }
    }
}
