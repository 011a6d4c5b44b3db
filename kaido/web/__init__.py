"""The browser client: plain ES modules, SVG and CSS, served by `kaido serve` as they are."""
