//! Share links (SPEC §8): `BASE#share=<base64url of the deflate-raw compressed text>&name=<file
//! name>`, as `memento share` writes them. The file travels in the URL fragment, which a
//! browser never sends to a server; opening the link shows it read-only.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// A file opened from a share link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    pub name: String,
    pub text: String,
}

/// The largest text a link may unpack to: a memory file, not a decompression bomb.
const MAX_TEXT: usize = 32 << 20;

/// The shared file of a location fragment (`#share=…&name=…`): `None` when the fragment is
/// no share link, and for a broken one what is wrong with it.
pub fn from_fragment(fragment: &str) -> Option<Result<Shared, String>> {
    let params = fragment.strip_prefix('#').unwrap_or(fragment);
    let (mut data, mut name) = (None, None);
    for pair in params.split('&') {
        match pair.split_once('=') {
            Some(("share", value)) => data = Some(value),
            Some(("name", value)) => name = Some(value),
            _ => {}
        }
    }
    Some(read(data?, name))
}

fn read(data: &str, name: Option<&str>) -> Result<Shared, String> {
    let bytes = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|_| "its data is not base64url (was the link cut short?)".to_owned())?;
    let inflated = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_TEXT)
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
/// `memento share` writes and [`from_fragment`] reads): a compressor in the wasm would cost the
/// dashboard's size budget 4 KB for what every current browser has built in.
pub async fn link(base: &str, name: &str, text: &str) -> Result<String, String> {
    let data = deflate_raw(text).await.map_err(|_| "this browser cannot compress a share link (no CompressionStream): use Export HTML".to_owned())?;
    let data = URL_SAFE_NO_PAD.encode(data);
    let name = String::from(js_sys::encode_uri_component(name));
    Ok(format!("{base}#share={data}&name={name}"))
}

/// `new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer()`.
async fn deflate_raw(text: &str) -> Result<Vec<u8>, wasm_bindgen::JsValue> {
    use js_sys::{Array, Function, Reflect};
    use wasm_bindgen::JsCast;
    let global = js_sys::global();
    let class = |name: &str| Reflect::get(&global, &name.into()).and_then(|c| c.dyn_into::<Function>().map_err(Into::into));
    let method = |on: &wasm_bindgen::JsValue, name: &str| Reflect::get(on, &name.into()).and_then(|m| m.dyn_into::<Function>().map_err(Into::into));
    let compressor = Reflect::construct(&class("CompressionStream")?, &Array::of1(&"deflate-raw".into()))?;
    let blob = web_sys::Blob::new_with_str_sequence(&Array::of1(&text.into()))?;
    let stream = method(&blob, "stream")?.call0(&blob)?;
    let compressed = method(&stream, "pipeThrough")?.call1(&stream, &compressor)?;
    let response = Reflect::construct(&class("Response")?, &Array::of1(&compressed))?;
    let buffer = method(&response, "arrayBuffer")?.call0(&response)?;
    let buffer = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(buffer)).await?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
