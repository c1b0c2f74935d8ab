"""The notebook board: ipycanvas + ipywidgets around a ``stationmaster.Game`` (imported as
``stationmaster.widgets``). The engine never imports this package."""
