//! One loaded file: its name, dialect, size, round trip and source. All content goes into
//! text nodes, so it is always escaped.

use crate::model::LoadedFile;
use leptos::prelude::*;

#[component]
pub fn FileCard(file: LoadedFile) -> impl IntoView {
    let round_trip = if file.round_trips { "byte-exact" } else { "changed" };
    view! {
        <article class="file-card" data-testid="file-card" data-name=file.name.clone()>
            <header>
                <h2 data-testid="file-name">{file.name.clone()}</h2>
                {file.example.then(|| view! { <span class="badge">"example"</span> })}
            </header>
            <dl class="facts">
                <div>
                    <dt>"Dialect"</dt>
                    <dd data-testid="dialect">{file.dialect}</dd>
                </div>
                <div>
                    <dt>"Size"</dt>
                    <dd data-testid="bytes">{format!("{} bytes", file.bytes())}</dd>
                </div>
                <div>
                    <dt>"Round trip"</dt>
                    <dd data-testid="roundtrip" class:bad=!file.round_trips>{round_trip}</dd>
                </div>
            </dl>
            <pre class="source" data-testid="source">{file.source}</pre>
        </article>
    }
}
