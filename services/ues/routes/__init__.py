"""Every router of the simulator, in the order they are mounted."""

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

ROUTERS = [
    time_router,
    simulation_router,
    events_router,
    scenario_router,
    email_router,
    calendar_router,
    sms_router,
    chat_router,
    location_router,
    weather_router,
    contacts_router,
    environment_router,
    keys_router,
    logs_router,
    webhooks_router,
]
