// The style and script every run page inlines (the page loads nothing from anywhere).
#pragma once

namespace racelang {

// Runs first: collects script errors into window.__errors so the self-test can report them.
extern const char* const kErrorCatcher;
extern const char* const kPageStyle;
// Hover, playback (slider, buttons, keys) and the #selftest mode; reads <script id="run-data">.
extern const char* const kPageScript;

} // namespace racelang
