/** Length limits of a project's fields, shared by the API's schemas and the web's inputs. */
export const PROJECT_NAME_MAX = 150;
export const PROJECT_NUMBER_MAX = 50;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_ROLE_NAME_MAX = 100;
export const PROJECT_LINK_NAME_MAX = 100;
export const PROJECT_LINK_URL_MAX = 2000;
