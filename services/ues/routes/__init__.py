"""Every router of the simulator, in the order they are mounted."""

from fastapi import APIRouter

from services.ues.routes.admin import keys_router, logs_router
from services.ues.routes.calendar import router as calendar_router
from services.ues.routes.chat import router as chat_router
from services.ues.routes.contacts import router as contacts_router
from services.ues.routes.control import events_router, scenario_router, simulation_router, time_router
from services.ues.routes.email import router as email_router
from services.ues.routes.environment import router as environment_router
from services.ues.routes.location import router as location_router
from services.ues.routes.sms import router as sms_router
from services.ues.routes.weather import router as weather_router
from services.ues.routes.webhooks import router as webhooks_router

# Every router with the error statuses its routes can answer on top of common.AUTHENTICATED_ERRORS: 404 for an
# unknown id or a modality an import removed (Simulation.modality), 409 for state conflicts. The OpenAPI
# document declares them (app.py), so clients and schema-driven tests know every status a route can return.
ROUTERS: list[tuple[APIRouter, tuple[int, ...]]] = [
    (time_router, (404, 409)),
    (simulation_router, (404, 409)),
    (events_router, (404, 409)),
    (scenario_router, (409,)),
    (email_router, (404,)),
    (calendar_router, (404,)),
    (sms_router, (404,)),
    (chat_router, (404,)),
    (location_router, (404,)),
    (weather_router, (404,)),
    (contacts_router, (404,)),
    (environment_router, ()),
    (keys_router, (404, 409)),
    (logs_router, ()),
    (webhooks_router, (404, 409)),
]
